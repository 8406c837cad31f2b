// The `-p` printers: text, json and stream-json, and the system/init line (module entry).

export { activityLine } from "./activity-lines.js";
export { resultJson } from "./result-json.js";
export { createStreamJsonPrinter } from "./stream-json.js";
export { type InitFacts, systemInitLine } from "./system-init.js";
export { type HeadlessTurn, turnFailed } from "./terminal-reason.js";
