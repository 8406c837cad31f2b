// The bwrap command line of one sandboxed command: the namespaces and hardening flags every profile
// shares, then the mount plan in order, the seccomp program's descriptor, the working folder and the
// command. Pure; what runs it and passes the seccomp bytes is sandboxed-spawn.ts.
import type { Mount } from "./mount-plan.js";

/** New session (no TIOCSTI into the terminal), killed with its parent, every namespace private
 *  (the network too: only a loopback inside), no capabilities even for root, no nested user
 *  namespaces (which would give them back). */
export const BWRAP_ISOLATION: readonly string[] = [
  "--new-session",
  "--die-with-parent",
  "--unshare-user",
  "--unshare-pid",
  "--unshare-ipc",
  "--unshare-net",
  "--unshare-uts",
  "--unshare-cgroup-try",
  "--disable-userns",
  "--cap-drop",
  "ALL",
];

type BwrapCommand = {
  mounts: readonly Mount[];
  /** An empty read-only file on the host, bound over hidden files. */
  coverFile: string;
  /** The descriptor bwrap reads the seccomp program from. */
  seccompFd: number;
  cwd: string;
  file: string;
  args: readonly string[];
};

export function bwrapArguments(command: BwrapCommand): string[] {
  const args = [...BWRAP_ISOLATION];
  const readOnlyTmpfs: string[] = [];
  for (const mount of command.mounts) {
    switch (mount.kind) {
      case "bind": {
        const option = mount.access === "read-only" ? "--ro-bind" : "--bind";
        args.push(mount.optional ? `${option}-try` : option, mount.source, mount.target);
        break;
      }
      case "symlink":
        args.push("--symlink", mount.link, mount.target);
        break;
      case "tmpfs":
        args.push("--tmpfs", mount.target);
        if (mount.access === "read-only") readOnlyTmpfs.push(mount.target);
        break;
      case "cover-file":
        args.push("--ro-bind", command.coverFile, mount.target);
        break;
      case "dev":
        args.push("--dev", mount.target);
        break;
      case "proc":
        args.push("--proc", mount.target);
        break;
    }
  }
  // Last: while mounts are set up, bwrap creates their mount points inside these folders.
  for (const target of readOnlyTmpfs) args.push("--remount-ro", target);
  args.push(
    "--seccomp",
    String(command.seccompFd),
    "--chdir",
    command.cwd,
    "--",
    command.file,
    ...command.args,
  );
  return args;
}
