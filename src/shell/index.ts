// The Bash model: analyseBash() and the rule patterns the gate matches commands against (module entry).

export { type AnalysedCommand, analyseBash, type BashAnalysis, type FastPath } from "./bash-analysis.js";
export {
  type BashPattern,
  type CommandWords,
  matchCommandText,
  matchesCertainly,
  mayMatch,
  parseBashPattern,
  programByName,
} from "./bash-pattern.js";
export type { Access } from "./shell-word.js";
