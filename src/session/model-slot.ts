// The model the conversation talks to now. `/model`, the SDK's setModel and a fallback after
// repeated overloads change it; the tools' side requests, prompt hooks and subagents read it at the
// moment they need a model, so they always follow the switch.
import type { ModelClient } from "../model/index.js";

export class ModelSlot {
  constructor(private model: ModelClient) {}

  get current(): ModelClient {
    return this.model;
  }

  set(model: ModelClient): void {
    this.model = model;
  }
}
