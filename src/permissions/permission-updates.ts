// Applies the `updatedPermissions` a program sends with a permission answer (the SDKs'
// PermissionUpdate list): addRules / replaceRules / removeRules, setMode, addDirectories /
// removeDirectories. Rules apply to this session at once; a destination that names a settings file
// also saves them there (localSettings → .agents/settings.local.json, projectSettings →
// .agents/settings.json, userSettings → ~/.agents/settings.json). A bad entry is reported and skipped.
import { join } from "node:path";
import { persistRule, removePersistedRule } from "../config/index.js";
import { PERMISSION_MODES, RULE_BEHAVIORS } from "../contracts/index.js";
import { errorMessage, isOneOf, ruleText } from "../util/index.js";
import type { ManagedPermissionGate } from "./gate.js";

type Update = Record<string, unknown>;

type PermissionUpdateContext = {
  gate: ManagedPermissionGate;
  cwd: string;
  homeDir: string;
  localSettingsPath: string;
  bypassAllowed: boolean;
  warn: (message: string) => void;
};

function settingsFile(destination: unknown, context: PermissionUpdateContext): string | undefined {
  switch (destination) {
    case "localSettings":
      return context.localSettingsPath;
    case "projectSettings":
      return join(context.cwd, ".agents", "settings.json");
    case "userSettings":
      return join(context.homeDir, ".agents", "settings.json");
    default:
      return undefined;
  }
}

function ruleTexts(update: Update): string[] {
  const rules = Array.isArray(update.rules) ? update.rules : [];
  return rules.flatMap((rule) => {
    const value = rule as { toolName?: unknown; ruleContent?: unknown };
    if (typeof value?.toolName !== "string" || value.toolName === "") return [];
    return [
      ruleText({
        toolName: value.toolName,
        ...(typeof value.ruleContent === "string" ? { ruleContent: value.ruleContent } : {}),
      }),
    ];
  });
}

async function applyOne(update: Update, context: PermissionUpdateContext): Promise<void> {
  const { gate } = context;
  const file = settingsFile(update.destination, context);
  const source = file ?? "session";
  switch (update.type) {
    case "addRules":
    case "replaceRules":
    case "removeRules": {
      const kind = String(update.behavior);
      if (!isOneOf(RULE_BEHAVIORS, kind)) throw new Error(`behavior "${kind}" is not allow, deny or ask`);
      if (update.type === "replaceRules")
        for (const entry of gate.rules()[kind].filter((rule) => rule.source === source)) {
          gate.removeRule(kind, entry.rule);
          if (file) await removePersistedRule(file, kind, entry.rule);
        }
      for (const rule of ruleTexts(update)) {
        if (update.type === "removeRules") {
          gate.removeRule(kind, rule);
          if (file) await removePersistedRule(file, kind, rule);
        } else {
          gate.addRule(kind, rule, source);
          if (file) await persistRule(file, kind, rule);
        }
      }
      return;
    }
    case "setMode": {
      const mode = String(update.mode);
      if (!isOneOf(PERMISSION_MODES, mode)) throw new Error(`unknown mode "${mode}"`);
      if (mode === "bypassPermissions" && !context.bypassAllowed)
        throw new Error("bypassPermissions needs --allow-dangerously-skip-permissions");
      gate.setMode(mode);
      return;
    }
    case "addDirectories":
    case "removeDirectories": {
      const directories = Array.isArray(update.directories) ? update.directories.map(String) : [];
      for (const directory of directories)
        if (update.type === "addDirectories") gate.addDirectory(directory);
        else gate.removeDirectory(directory);
      return;
    }
    default:
      throw new Error(`unknown update type "${String(update.type)}"`);
  }
}

export async function applyPermissionUpdates(
  updates: Update[],
  context: PermissionUpdateContext,
): Promise<void> {
  for (const update of updates) {
    try {
      await applyOne(update, context);
    } catch (error) {
      context.warn(
        `a permission update from the caller was not applied (${errorMessage(error)}): ${JSON.stringify(update)}`,
      );
    }
  }
}
