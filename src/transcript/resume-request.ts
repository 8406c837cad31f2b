// Which session a run continues, from the command line: -c (the latest), -r ID, -r alone (pick one
// in the REPL), or a new one.
import type { ResumeRequest } from "./transcript-resume.js";

export function resumeRequest(options: { continue: boolean; resume?: string | true }): ResumeRequest {
  if (options.continue) return { type: "continue" };
  if (options.resume === true) return { type: "pick" };
  if (options.resume !== undefined) return { type: "resume", id: options.resume };
  return { type: "new" };
}
