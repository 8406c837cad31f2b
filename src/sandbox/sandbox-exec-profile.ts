// The macOS profile (Seatbelt's SBPL, run with `sandbox-exec -p PROFILE`) of a sandbox policy: the
// same rules as the Linux mounts, written as path filters. Everything is denied unless allowed;
// reads are allowed except the hidden paths, writes only inside the workspace (protected entries
// excluded, so no placeholders are needed) and a private temp folder; network only on loopback;
// AF_UNIX sockets may be made (socketpair) but not connected or bound to a path. Pure text.
import { join } from "node:path";
import { isInside } from "../util/index.js";
import type { SandboxPolicy } from "./sandbox-policy.js";

type SeatbeltOptions = {
  /** The command's private temp folder (its TMPDIR): writable, everything else of temp hidden. */
  privateTemp: string;
};

/** Host temp folders (real paths on macOS) that the read-only profile hides. */
const MAC_TEMP_FOLDERS = ["/private/tmp", "/private/var/tmp", "/private/var/folders"];

/** Quotes a path as an SBPL string literal. */
export function sbplString(path: string): string {
  return `"${path.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

const subpath = (path: string) => `(subpath ${sbplString(path)})`;
const not = (filter: string) => `(require-not ${filter})`;

function allow(operation: string, filter: string, exclusions: readonly string[]): string {
  if (exclusions.length === 0) return `(allow ${operation} ${filter})`;
  return `(allow ${operation} (require-all ${filter} ${exclusions.join(" ")}))`;
}

const BASE = [
  "(version 1)",
  "(deny default)",
  "(allow process-exec)",
  "(allow process-fork)",
  "(allow signal (target same-sandbox))",
  "(allow process-info* (target same-sandbox))",
  "(allow sysctl-read)",
  "(allow file-read-metadata)",
  "(allow ipc-posix-sem)",
  "(allow ipc-posix-shm-read-data ipc-posix-shm-write-data ipc-posix-shm-read-metadata ipc-posix-shm-write-create)",
  '(allow mach-lookup (global-name "com.apple.system.opendirectoryd.libinfo") (global-name "com.apple.system.logger") (global-name "com.apple.system.notification_center"))',
  '(allow file-read* file-write-data (literal "/dev/null") (literal "/dev/zero") (literal "/dev/tty") (regex #"^/dev/ttys[0-9]+$"))',
  '(allow file-ioctl (literal "/dev/null") (literal "/dev/tty") (regex #"^/dev/ttys[0-9]+$"))',
  // Sockets may be made (socketpair, loopback TCP); AF_UNIX ones reach no path (no network-* rule).
  "(allow system-socket (socket-domain AF_UNIX) (socket-domain AF_INET) (socket-domain AF_INET6))",
  '(allow network-bind (local ip "localhost:*"))',
  '(allow network-inbound (local ip "localhost:*"))',
  '(allow network-outbound (remote ip "localhost:*"))',
];

export function sandboxExecProfile(policy: SandboxPolicy, options: SeatbeltOptions): string {
  const lines = [...BASE];
  // allowRead needs no exclusion here: its own rule below allows it, and allows add up.
  const secrets = policy.hidden;
  // Only the secrets below an allowed folder can match inside it.
  const hideSecretsIn = (folder: string) =>
    secrets.filter((path) => isInside(folder, path)).map((path) => not(subpath(path)));
  if (policy.profile === "workspace-write") {
    lines.push(allow("file-read*", subpath("/"), hideSecretsIn("/")));
  } else {
    // A veil inside the workspace would hide what the command was given; one around it does not
    // (the workspace's own rule below allows it).
    const veiled = [...policy.hiddenSystem, policy.homeDir, ...MAC_TEMP_FOLDERS].filter(
      (path) => !policy.workspace.some((root) => isInside(root, path)),
    );
    const exclusions = [...veiled.map((path) => not(subpath(path))), ...hideSecretsIn("/")];
    lines.push(allow("file-read*", subpath("/"), exclusions));
    for (const path of [...policy.workspace, ...policy.homeVisible, ...policy.programFolders])
      lines.push(allow("file-read*", subpath(path), hideSecretsIn(path)));
  }
  for (const path of policy.revealed) lines.push(allow("file-read*", subpath(path), []));
  lines.push(allow("file-read* file-write*", subpath(options.privateTemp), []));
  if (policy.profile === "workspace-write") {
    for (const root of [...policy.workspace, ...policy.writable]) {
      const kept = [
        ...policy.protectedEntries.map((entry) => join(root, entry.path)),
        ...(isInside(root, policy.homeDir)
          ? policy.homeProtectedEntries.map((entry) => join(policy.homeDir, entry.path))
          : []),
        ...policy.readOnly.filter((path) => isInside(root, path)),
        ...secrets.filter((path) => isInside(root, path)),
      ];
      lines.push(
        allow(
          "file-write*",
          subpath(root),
          kept.map((path) => not(subpath(path))),
        ),
      );
    }
  }
  return `${lines.join("\n")}\n`;
}
