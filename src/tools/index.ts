// The Tool contract, the registry, the runner and its stages, the built-in tools and their schemas,
// background shells and tools/web (module entry).

export { askUserQuestionSchema, askUserQuestionTool } from "./ask-user-question.js";
export { BackgroundShells, type ShellTaskView } from "./background-shells.js";
export { bashSchema } from "./bash.js";
export { createBuiltinTools } from "./builtin.js";
export { editSchema } from "./edit.js";
export type { ToolExecution, ToolExecutor, TurnControl } from "./execution.js";
export { createExitPlanModeTool, exitPlanModeSchema } from "./exit-plan-mode.js";
export { diskFileAccess, type FileAccess, notFoundError } from "./file-access.js";
export { createFileStateStore } from "./file-state.js";
export { globSchema } from "./glob.js";
export { grepSchema } from "./grep.js";
export { resolveToolPath } from "./paths.js";
export { listProjectFiles } from "./project-files.js";
export { readSchema } from "./read.js";
export { createToolRegistry, type ToolRegistry } from "./registry.js";
export {
  type CallContainment,
  createToolRunner,
  type PermissionDenial,
  type SandboxFacts,
  type ToolRunnerOptions,
} from "./runner.js";
export { singleAnswer } from "./side-request.js";
export {
  createStructuredOutputTool,
  STRUCTURED_OUTPUT_INSTRUCTION,
  STRUCTURED_OUTPUT_TOOL,
  type StructuredOutputSink,
} from "./structured-output.js";
export {
  defineTool,
  type FileStateStore,
  fail,
  ok,
  type ReadDenyChecks,
  type ShellState,
  type Tool,
  type ToolContext,
  type ToolResult,
  toolJsonSchema,
} from "./tool.js";
export type { ToolErrorCode } from "./tool-error-code.js";
export { createConnector } from "./web/connector.js";
export { systemResolver } from "./web/host-guard.js";
export { createProxyChoice, proxyWarning } from "./web/proxy-choice.js";
export { createWebFetchTool, webFetchSchema } from "./web/web-fetch.js";
export { createWebSearchTool, webSearchSchema } from "./web/web-search.js";
export { chooseWebSearch } from "./web/web-search-backend.js";
export { writeSchema } from "./write.js";
