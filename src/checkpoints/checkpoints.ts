// A session's checkpoints: a prompt begins (`beginPrompt`), the first call that may change files
// waits for a snapshot of the workspace (`beforeChange`; later calls of the same prompt pass at once),
// the turn's end records the workspace again (`endPrompt`), and a rewind plans and applies a return
// to before any prompt. Git work runs one step at a time. When git cannot run, checkpoints say so
// once and stay off; the session goes on.
import { randomUUID } from "node:crypto";
import { livePrompts, type PromptEntry } from "./checkpoint-history.js";
import type { CheckpointLog } from "./checkpoint-log.js";
import {
  applyCodeRewind,
  type CodeRewindPlan,
  type CodeRewindResult,
  planCodeRewind,
} from "./code-rewind.js";
import { type GitRun, preparePrivateGit } from "./private-git.js";
import {
  DEFAULT_MAX_FILE_BYTES,
  type Snapshot,
  SnapshotAbandoned,
  type SnapshotCache,
  takeSnapshot,
} from "./take-snapshot.js";
import { lineCounts } from "./tree-changes.js";

type CheckpointsOptions = {
  git: GitRun;
  log: CheckpointLog;
  maxFileBytes?: number;
  warn: (message: string) => void;
};

/** `state`: the workspace as the prompt began, taken at once so that the model's first request and
 *  the snapshot overlap (the first call that may change files waits only for what is left).
 *  `unneeded`: gives that snapshot up, until a call that may change files asks for it. */
type OpenPrompt = {
  seq: number;
  state: Promise<Snapshot | undefined>;
  before?: Promise<void>;
  unneeded?: AbortController;
};

export class Checkpoints {
  private open: OpenPrompt | undefined;
  private chain: Promise<unknown> = Promise.resolve();
  private prepared: Promise<void> | undefined;
  private broken = false;
  private nextId: string | undefined;
  /** Prompt snapshots no call has asked for: given up when the session closes. */
  private readonly unasked = new Set<AbortController>();
  private readonly cache: SnapshotCache = {};
  readonly maxFileBytes: number;

  constructor(private readonly options: CheckpointsOptions) {
    this.maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  }

  /** The workspace now (the unchanged case answered from the stat cache and the last tree). */
  snapshot(how?: { signal?: AbortSignal; background?: boolean }): Promise<Snapshot> {
    return takeSnapshot(this.git, this.maxFileBytes, this.cache, how);
  }

  get git(): GitRun {
    return this.options.git;
  }

  get log(): CheckpointLog {
    return this.options.log;
  }

  /** The id the next prompt is known by (the SDK's user message uuid); absent: a new one. */
  expectPrompt(id: string): void {
    this.nextId = id;
  }

  /** A prompt's turn begins; its user message is `messageIndex` in the history. */
  beginPrompt(prompt: { id?: string; text: string; messageIndex: number }): void {
    const seq = this.log.nextSeq();
    const id = prompt.id ?? this.nextId ?? randomUUID();
    this.nextId = undefined;
    this.log.append({
      type: "prompt",
      seq,
      id,
      text: prompt.text,
      messageIndex: prompt.messageIndex,
      at: new Date().toISOString(),
    });
    if (this.broken) {
      this.open = { seq, state: Promise.resolve(undefined) };
      return;
    }
    const unneeded = new AbortController();
    this.unasked.add(unneeded);
    // Nobody waits for it yet: its git yields the CPU to the agent's own work meanwhile.
    const state = this.step(() => this.snapshot({ signal: unneeded.signal, background: true }));
    void state.then(() => this.unasked.delete(unneeded));
    this.open = { seq, state, unneeded };
  }

  /** Before a call that may change files: the prompt's snapshot, taken once (no prompt: nothing). */
  beforeChange(): Promise<void> {
    const open = this.open;
    if (!open || this.broken) return Promise.resolve();
    if (open.unneeded) this.unasked.delete(open.unneeded);
    open.before ??= open.state.then((snapshot) => {
      if (snapshot && !this.broken)
        this.log.append({ type: "before", seq: open.seq, tree: snapshot.tree, skipped: snapshot.skipped });
    });
    return open.before;
  }

  /** The prompt's turn ended: the workspace as reagent left it (only after a first change). */
  async endPrompt(): Promise<void> {
    const open = this.open;
    this.open = undefined;
    if (!open?.before) return;
    await open.before;
    await this.step(async () => {
      const snapshot = await this.snapshot();
      this.log.append({ type: "after", seq: open.seq, tree: snapshot.tree });
    });
  }

  prompts(): PromptEntry[] {
    return livePrompts(this.log.lines);
  }

  /** A prompt by its number in the list or by its id (the SDK's user message uuid). */
  find(key: number | string): PromptEntry | undefined {
    return this.prompts().find((prompt) =>
      typeof key === "number" ? prompt.number === key : prompt.id === key,
    );
  }

  planCode(prompt: PromptEntry): Promise<CodeRewindPlan> {
    return this.step(() => planCodeRewind(this.git, this.log, prompt, () => this.snapshot()), true);
  }

  /** The lines a planned rewind would add and remove. */
  countCode(
    plan: Extract<CodeRewindPlan, { kind: "restore" }>,
  ): Promise<{ insertions: number; deletions: number }> {
    const paths = plan.changes.map((change) => change.path);
    return this.step(() => lineCounts(this.git, plan.current.tree, plan.target, paths), true);
  }

  applyCode(plan: Extract<CodeRewindPlan, { kind: "restore" }>): Promise<CodeRewindResult> {
    return this.step(() => applyCodeRewind(this.git, this.log, plan, () => this.snapshot()), true);
  }

  /** The conversation went back to before `prompt`: it and the prompts after it leave the list. */
  conversationRewound(prompt: PromptEntry): void {
    this.log.append({ type: "conversation", seq: prompt.seq, at: new Date().toISOString() });
  }

  /** Waits for the snapshots under way. */
  async idle(): Promise<void> {
    await this.chain.catch(() => {});
  }

  /** The session ends: a prompt's snapshot no call asked for is given up (in a big project a first
   *  snapshot hashes every file, seconds a headless run that only read would wait for at its end),
   *  and the rest is waited for. */
  async close(): Promise<void> {
    for (const unneeded of this.unasked) unneeded.abort();
    this.unasked.clear();
    await this.idle();
  }

  /** Runs git work after the work before it; a failure of a snapshot turns checkpoints off (said
   *  once), a failure of a rewind (`rethrow`) goes to its caller. */
  private step<T>(work: () => Promise<T>, rethrow = false): Promise<T> {
    const run = async () => {
      this.prepared ??= preparePrivateGit(this.git);
      await this.prepared;
      return work();
    };
    const result = this.chain.then(run, run);
    this.chain = result.catch(() => {});
    if (rethrow) return result;
    return result.catch((error: unknown) => {
      if (error instanceof SnapshotAbandoned) return undefined as T;
      if (!this.broken)
        this.options.warn(
          `checkpoints are off for this session: ${error instanceof Error ? error.message : String(error)}`,
        );
      this.broken = true;
      return undefined as T;
    });
  }
}
