// System prompt assembly: the builder, instruction-file imports, output styles, /init (module entry).

export {
  loadOutputStyleFolders,
  type OutputStyleFolder,
  outputStyleFolders,
} from "./discover-output-styles.js";
export { findImportReferences, looksLikeFilePath } from "./import-references.js";
export { buildInitPrompt, detectInitTarget } from "./init-prompt.js";
export {
  BUILT_IN_OUTPUT_STYLES,
  DEFAULT_OUTPUT_STYLE,
  findOutputStyle,
  type OutputStyle,
} from "./output-style.js";
export { createStableSystemPrompt } from "./stable-system-prompt.js";
export {
  createSystemPromptBuilder,
  type PromptSection,
  type SystemPromptBuilder,
} from "./system-prompt-builder.js";
