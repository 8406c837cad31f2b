// How a command reagent starts is contained, as the gate and the process runner agree on it: the
// sandbox's read-only profile (a Bash call the gate allowed only because it looked read-only), the
// workspace-write profile (the rest, when the sandbox is on), or none (no sandbox can start, or off).
export type Containment = "read-only" | "workspace-write" | "none";
