// Public surface of compaction/: context accounting, request trimming and summary compaction.
// Pure functions over model types; the session decides when to call them and owns the history.
export {
  applySummary,
  isSummaryMessage,
  type KeepRecent,
  SUMMARY_MARKER,
  tailStart,
} from "./apply-summary.js";
export { isContextLengthError } from "./context-length-error.js";
export { type ContextUsage, contextUsage, messageBudget, shouldAutoCompact } from "./context-usage.js";
export { contextWindowFor, DEFAULT_CONTEXT_WINDOW, lookupContextWindow } from "./context-window.js";
export { estimateTokens } from "./estimate-tokens.js";
export { summarize } from "./summarize.js";
export { buildSummaryRequest, SUMMARY_SECTIONS } from "./summary-request.js";
export { type HistoryScans, trimForRequest } from "./trim-for-request.js";
