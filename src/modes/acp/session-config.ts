// What an editor can switch in a session: the permission mode (ACP session modes, and a "mode"
// config option) and the model (a "model" config option listing the real choices for the provider in
// use, as the REPL's /model picker does). bypassPermissions is offered only when reagent was started
// allowing it.
import type { SessionConfigOption, SessionModeState } from "@agentclientprotocol/sdk";
import type { App } from "../../app/index.js";
import { PERMISSION_MODES, type PermissionMode } from "../../contracts/index.js";
import { appModelChoices } from "../repl/model-choices.js";

const MODE_TEXT: Record<PermissionMode, { name: string; description: string }> = {
  default: { name: "Default", description: "Ask before edits, commands and anything outside the rules" },
  acceptEdits: { name: "Accept edits", description: "Edit files in the workspace without asking" },
  plan: { name: "Plan", description: "Read and plan only; nothing is changed" },
  dontAsk: { name: "Don't ask", description: "Never ask: what the rules do not allow is refused" },
  bypassPermissions: {
    name: "Bypass permissions",
    description: "Run everything except what deny rules forbid",
  },
};

export function offeredModes(bypassAllowed: boolean): PermissionMode[] {
  return PERMISSION_MODES.filter((mode) => mode !== "bypassPermissions" || bypassAllowed);
}

export function modeState(app: App, bypassAllowed: boolean): SessionModeState {
  return {
    currentModeId: app.gate.mode,
    availableModes: offeredModes(bypassAllowed).map((id) => ({ id, ...MODE_TEXT[id] })),
  };
}

export function configOptions(app: App, bypassAllowed: boolean): SessionConfigOption[] {
  const models = appModelChoices(app);
  return [
    {
      type: "select",
      id: "mode",
      name: "Permission mode",
      category: "mode",
      currentValue: app.gate.mode,
      options: offeredModes(bypassAllowed).map((id) => ({ value: id, ...MODE_TEXT[id] })),
    },
    {
      type: "select",
      id: "model",
      name: "Model",
      category: "model",
      currentValue: app.session.model.model,
      options: models.map((choice) => ({
        value: choice.name,
        name: choice.name,
        ...(choice.description ? { description: choice.description } : {}),
      })),
    },
  ];
}
