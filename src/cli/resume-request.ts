// Which session a run continues, from the command line: -c (the latest), -r ID, -r alone (pick one
// in the REPL), or a new one.
import type { ResumeRequest } from "../transcript/transcript-resume.js";
import type { CliOptions } from "./options.js";

export function resumeRequest(options: CliOptions): ResumeRequest {
  if (options.continue) return { type: "continue" };
  if (options.resume === true) return { type: "pick" };
  if (options.resume !== undefined) return { type: "resume", id: options.resume };
  return { type: "new" };
}
