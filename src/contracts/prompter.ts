// The permission question put to a person (the REPL dialog, the line prompter, an SDK program's
// canUseTool, an editor's request_permission) and the answers they can give. The gate asks through a
// Prompter; every front-end implements it with these shapes.

/** What the person is asked about. */
export type PromptRequest = {
  toolName: string;
  input: Record<string, unknown>;
  toolUseId: string;
  /** One line, e.g. `Bash: npm test && rm -rf build` or `Edit: src/app.ts`. */
  summary: string;
  /** Why the gate asks (outside the workspace, an ask rule, a hook, an unparseable command …). */
  reason: string;
  /** The rule "yes, and don't ask again this session" adds (in memory, the broad one), e.g.
   *  `Bash(npm run test:*)` or `Edit(./**)` (every edit in the project). */
  sessionRule: string;
  /** The rule "always" saves to the settings file (the narrowest sensible one), e.g.
   *  `Bash(npm run test:*)` or `Edit(src/app.ts)`. */
  suggestedRule: string;
  /** The subagent that makes the call (its type), when it is not the main agent. */
  agent?: string;
  signal?: AbortSignal;
};

export type PromptAnswer =
  /** `updatedInput`: run the call with this input instead (a program answering through the SDK). */
  | { kind: "yes"; updatedInput?: Record<string, unknown> }
  /** Yes, and don't ask again this session: `rule` is added in memory only. */
  | { kind: "session"; rule: string }
  /** Yes, always: `rule` is added and saved to the settings file. */
  | { kind: "always"; rule: string }
  | { kind: "no"; message?: string }
  /** A program's refusal: its message goes to the model as written; `endTurn` stops the turn. */
  | { kind: "deny"; message: string; endTurn: boolean };

/** Asks the person (or the program standing in for them). */
export interface Prompter {
  ask(request: PromptRequest): Promise<PromptAnswer>;
}

/** A programmatic answer to a permission question before it is put (PermissionRequest hooks):
 *  `none` lets the question go to the prompter or the headless policy. */
export type PermissionHookAnswer =
  | { behavior: "none" }
  /** `updatedInput`: run the call with this input (the runner validates it and checks it again). */
  | { behavior: "allow"; updatedInput?: Record<string, unknown> }
  | { behavior: "deny"; message: string; endTurn?: boolean };
