// Settings layers to one frozen Config, the environment snapshot, MCP config, folder trust's store
// and subject, persisted rules and settings edits (module entry; other modules import from here).

export { type AppliedRecord, appliedFor, readApplied, writeApplied } from "./applied-record.js";
export { type Config, configFrom } from "./config.js";
export { type EnvSnapshot, readEnv, type ThinkingFlags, withThinkingFlags } from "./env.js";
export {
  loadMcpConfig,
  McpConfigError,
  type McpServerEntry,
  type ProjectMcpFile,
  parseMcpConfigText,
  projectMcpConfigPath,
  readMcpTimeouts,
  readProjectMcpFile,
} from "./mcp-config.js";
export { persistAllowRule, persistRule, removePersistedRule } from "./persist-rule.js";
export {
  PLUGIN_SCOPES,
  type PluginSettingsScope,
  pluginSettingsPath,
  setPluginSetting,
} from "./plugin-settings-file.js";
export type { SandboxSettings } from "./sandbox-settings.js";
export {
  type LoadedSettings,
  loadSettings,
  SETTING_SOURCES,
  type SettingSource,
  settingLevels,
  settingsFiles,
} from "./settings.js";
export { outputStyleSettingsPath, persistSetting, readSettingsObject } from "./settings-file-edit.js";
export { folderKey, readTrust, writeTrust } from "./trust-store.js";
export { type TrustSubject, trustSubject, withholdFolderConfig } from "./trust-subject.js";
