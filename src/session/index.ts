// The conversation: Session and its options, events, the model slot and model switching, prompt
// images, usage and cost, compaction hand-over, news from background work (module entry).

export { type BackgroundWork, NewsInbox } from "./background-work.js";
export { ContextManager } from "./context-manager.js";
export { costReport, costSoFar, lastThinking } from "./cost-report.js";
export type {
  BackgroundCommandChange,
  SessionEvent,
  SubagentEnd,
  SubagentInfo,
  TurnResult,
} from "./events.js";
export { ModelSlot } from "./model-slot.js";
export { slashExpansion } from "./prompt-hooks.js";
export { promptImages } from "./prompt-images.js";
export { Session, type SessionOptions, type SubmitOptions } from "./session.js";
export { SessionEvents } from "./session-events.js";
export { type SwitchOutcome, type SwitchSource, switchModel, watchAnswers } from "./switch-model.js";
export { formatUsd, UsageLedger } from "./usage-ledger.js";
