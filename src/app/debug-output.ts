// Where trace lines go: stderr with TRACE=1 or `--debug` (what the Agent SDKs pass for `debug: true`;
// the SDK hands stderr to the program's `stderr` callback), or appended to the file `--debug-file`
// names (the SDKs' `debugFile`). A file that cannot be written is said once; its lines go to stderr.
import { appendFileSync } from "node:fs";
import { errnoReason } from "../util/index.js";

type DebugOutput = { enabled: boolean; write: (line: string) => void };

export function debugOutput(
  options: { traceEnv: boolean; debug?: boolean; debugFile?: string },
  stderr: (text: string) => void,
): DebugOutput {
  const enabled = options.traceEnv || options.debug === true || options.debugFile !== undefined;
  const file = options.debugFile;
  if (file === undefined) return { enabled, write: stderr };
  let failed = false;
  return {
    enabled,
    write(line) {
      if (!failed)
        try {
          appendFileSync(file, line);
          return;
        } catch (error) {
          failed = true;
          stderr(
            `reagent: --debug-file ${file}: cannot write it (${errnoReason(error)}); trace lines go to stderr\n`,
          );
        }
      stderr(line);
    },
  };
}
