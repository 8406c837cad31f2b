// The application layer: createApp builds the one App every front-end drives (see app.ts), from run
// options and the process's ports; the pieces subcommands and front-ends share are exported here.

export { loadAgentDefinitions } from "./agent-definitions.js";
export type { App, Basics } from "./app.js";
export type { AppPorts } from "./app-ports.js";
export { createApp } from "./create-app.js";
export { hooksForCommand as createHookEngine } from "./create-hooks.js";
export { createMcp } from "./create-mcp.js";
export { sandboxingFor } from "./create-sandboxing.js";
export { usageLedgerDir } from "./create-spending.js";
export { doctorReport } from "./doctor-report.js";
export { describeItems, folderSubject, trustContext } from "./folder-trust.js";
export { loadBasics } from "./load-basics.js";
export { refuseHeadlessPick } from "./open-transcript.js";
export { outputStyleChoices, switchOutputStyle } from "./output-styles.js";
export { pluginComponents } from "./plugin-components.js";
export { conversationHolds, rewindConversation } from "./rewind.js";
export {
  DEFAULT_MAX_TURNS,
  EFFORTS,
  INPUT_FORMATS,
  OUTPUT_FORMATS,
  PROVIDERS,
  type RunOptions,
} from "./run-options.js";
export { savedCheckpoints } from "./saved-checkpoints.js";
