// Public surface of compaction/: context accounting, request trimming and summary compaction.
// Pure functions over model types; the session decides when to call them and owns the history.
export {
  applySummary,
  isSummaryMessage,
  type KeepRecent,
  SUMMARY_MARKER,
  summaryBlock,
  tailStart,
} from "./apply-summary.js";
export { isContextLengthError } from "./context-length-error.js";
export {
  type ContextBreakdown,
  type ContextUsage,
  type ContextUsageInput,
  contextUsage,
  type MessageBudgetInput,
  messageBudget,
  reportedInputTokens,
  shouldAutoCompact,
} from "./context-usage.js";
export { contextWindowFor, DEFAULT_CONTEXT_WINDOW, lookupContextWindow } from "./context-window.js";
export { CHARS_PER_TOKEN, estimateTokens, estimateToolSchemaTokens } from "./estimate-tokens.js";
export { normalizeAlternation } from "./normalize-alternation.js";
export { renderTranscript } from "./render-transcript.js";
export { type SummarizeOptions, type SummarizeResult, summarize } from "./summarize.js";
export {
  buildSummaryRequest,
  SUMMARY_SECTIONS,
  type SummaryRequest,
  type SummaryRequestOptions,
} from "./summary-request.js";
export { clearedResultPlaceholder, keyArgumentOf, type ToolCallSummary } from "./tool-call-label.js";
export { type TrimOptions, type TrimResult, trimForRequest } from "./trim-for-request.js";
