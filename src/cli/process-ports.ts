// The real process behind the application's ports: its folder, environment, stderr, pid and exit.
import { userInfo } from "node:os";
import type { AppPorts } from "../app/index.js";

export function processPorts(overrides: Partial<AppPorts> = {}): AppPorts {
  return {
    cwd: process.cwd(),
    env: process.env,
    accountHome: () => userInfo().homedir,
    platform: process.platform,
    pid: process.pid,
    stderr: (text) => process.stderr.write(text),
    atExit: (cleanup) => {
      process.on("exit", cleanup);
      return () => process.off("exit", cleanup);
    },
    ...overrides,
  };
}
