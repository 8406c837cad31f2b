// What `/status`, `reagent doctor` and the stream-json init say about containment: which layer is
// active (workspace-write for every command, read-only for the gate's read-only fast path only, or
// none), by which mechanism, and where there is none, why and what to do.
import type { SandboxSettings } from "../config/index.js";
import type { SandboxAvailability } from "../sandbox/index.js";

type SandboxLayer = "workspace-write" | "read-only" | "none";

export type SandboxReport = {
  layer: SandboxLayer;
  /** `sandbox.enabled` or `--sandbox` asked for the sandbox. */
  enabled: boolean;
  /** e.g. `bwrap 0.8.0 (/usr/bin/bwrap)`; absent where none can start. */
  mechanism?: string;
  /** Where none can start: why, and what to do. */
  unavailable?: { reason: string; fix: string };
  /** One line for `/status`. */
  summary: string;
  /** The lines `reagent doctor` prints about it. */
  details: string[];
};

export function sandboxReport(
  availability: SandboxAvailability,
  settings: SandboxSettings,
  enabled: boolean,
  redactSecrets: boolean,
): SandboxReport {
  const redaction = redactSecrets
    ? "secrets in tool, hook and MCP output are redacted before the model sees them"
    : 'secret redaction is off ("redactSecrets": false)';
  if (availability.kind === "unavailable") {
    const unavailable = { reason: availability.reason, fix: availability.fix };
    const summary = `none (${availability.reason}${enabled ? "; sandbox.enabled is set" : ""})`;
    return {
      layer: "none",
      enabled,
      unavailable,
      summary,
      details: [
        `sandbox: none can start here: ${availability.reason}`,
        `  fix: ${availability.fix}`,
        enabled
          ? "  sandbox.enabled is set, but commands run unsandboxed through the normal gate (nothing is allowed because sandboxed)"
          : "  commands run unsandboxed through the normal gate",
        "  the read-only fast path is not enforced by the OS: it is limited to known-safe command forms",
        "  the environment filter still applies to commands, hooks and MCP servers",
        `  ${redaction}`,
      ],
    };
  }
  const mechanism = `${availability.mechanism}${availability.version ? ` ${availability.version}` : ""} (${availability.program})`;
  const details = [`sandbox: ${mechanism}`];
  if (enabled) {
    details.push(
      "  on: every command runs in the workspace-write profile (writes only in the workspace, no network, credentials hidden)",
      settings.autoAllowBashIfSandboxed
        ? "  autoAllowBashIfSandboxed: sandboxed commands run without a prompt unless a deny or ask rule matches"
        : "  autoAllowBashIfSandboxed is off: commands are asked about as without the sandbox",
      settings.allowUnsandboxedCommands
        ? "  a command may run outside the sandbox only when a person says yes (dangerouslyDisableSandbox)"
        : "  allowUnsandboxedCommands is false: no command can leave the sandbox",
      "  hooks and MCP servers from the project's own files run in the sandbox; your own run outside it",
    );
    if (settings.excludedCommands.length > 0)
      details.push(
        `  excludedCommands (outside the sandbox, after the normal gate): ${settings.excludedCommands.join(", ")}`,
      );
  } else
    details.push('  off: commands run unsandboxed ("sandbox": {"enabled": true} or --sandbox turns it on)');
  for (const source of settings.networkConfiguredIn)
    details.push(`  ${source}: sandbox.network is not supported (there is no network inside the sandbox)`);
  details.push(
    "  the read-only fast path (commands run without a prompt because they only read) runs in the read-only profile",
    "  the environment filter applies to commands, hooks and MCP servers",
    `  ${redaction}`,
  );
  return {
    layer: enabled ? "workspace-write" : "read-only",
    enabled,
    mechanism,
    summary: enabled
      ? `workspace-write (${mechanism})`
      : `read-only fast path only (${mechanism}; sandbox off)`,
    details,
  };
}
