// The session's task list (Claude Code's TaskCreate/TaskUpdate/TaskList/TaskGet model): tasks with
// a subject, description, status pending → in_progress → completed, an optional owner and
// dependencies (blocks / blockedBy). The list is plain data: the tools change it, listeners are told
// (the REPL shows it live, the CLI saves it beside the transcript), and a compacted conversation gets
// it back through `render()`.

export const TASK_STATUSES = ["pending", "in_progress", "completed"] as const;
type TaskStatus = (typeof TASK_STATUSES)[number];

export type Task = {
  id: string;
  subject: string;
  description: string;
  /** Present continuous form shown while the task is in progress ("Running tests"). */
  activeForm?: string;
  status: TaskStatus;
  owner?: string;
  /** Tasks that cannot start until this one is completed. */
  blocks: string[];
  /** Tasks this one waits for. */
  blockedBy: string[];
  metadata?: Record<string, unknown>;
};

type TaskUpdate = {
  subject?: string;
  description?: string;
  activeForm?: string;
  status?: TaskStatus | "deleted";
  owner?: string;
  addBlocks?: string[];
  addBlockedBy?: string[];
  metadata?: Record<string, unknown>;
};

type TaskUpdateOutcome =
  | { ok: true; updatedFields: string[]; statusChange?: { from: string; to: string } }
  | { ok: false; code: "task_not_found" | "invalid_dependency"; message: string };

export class TaskList {
  private tasks: Task[];
  private nextId: number;
  private listeners = new Set<(tasks: readonly Task[]) => void>();

  constructor(initial: readonly Task[] = []) {
    this.tasks = initial.map((task) => structuredClone(task));
    this.nextId = Math.max(0, ...this.tasks.map((task) => Number(task.id) || 0)) + 1;
  }

  subscribe(listener: (tasks: readonly Task[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  all(): readonly Task[] {
    return this.tasks;
  }

  get(id: string): Task | undefined {
    return this.tasks.find((task) => task.id === normaliseId(id));
  }

  /** Takes the next id for a task about to be created (a TaskCreated hook sees it first); an id whose
   *  creation was refused is not reused. */
  reserveId(): string {
    return String(this.nextId++);
  }

  create(
    fields: {
      subject: string;
      description: string;
      activeForm?: string;
      metadata?: Record<string, unknown>;
    },
    reservedId?: string,
  ): Task {
    const task: Task = {
      id: reservedId ?? String(this.nextId++),
      subject: fields.subject,
      description: fields.description,
      status: "pending",
      blocks: [],
      blockedBy: [],
      ...(fields.activeForm ? { activeForm: fields.activeForm } : {}),
      ...(fields.metadata ? { metadata: fields.metadata } : {}),
    };
    this.tasks.push(task);
    this.changed();
    return task;
  }

  update(id: string, change: TaskUpdate): TaskUpdateOutcome {
    const task = this.get(id);
    if (!task) return { ok: false, code: "task_not_found", message: this.notFound(id) };
    for (const other of [...(change.addBlocks ?? []), ...(change.addBlockedBy ?? [])]) {
      const target = this.get(other);
      if (!target) return { ok: false, code: "task_not_found", message: this.notFound(other) };
      if (target === task)
        return { ok: false, code: "invalid_dependency", message: `Task #${task.id} cannot block itself.` };
    }
    for (const other of change.addBlockedBy ?? [])
      if (this.dependsOn(normaliseId(other), task.id))
        return {
          ok: false,
          code: "invalid_dependency",
          message: `Task #${normaliseId(other)} already waits for task #${task.id}; that would be a cycle.`,
        };
    for (const other of change.addBlocks ?? [])
      if (this.dependsOn(task.id, normaliseId(other)))
        return {
          ok: false,
          code: "invalid_dependency",
          message: `Task #${task.id} already waits for task #${normaliseId(other)}; that would be a cycle.`,
        };
    const updatedFields: string[] = [];
    let statusChange: { from: string; to: string } | undefined;
    if (change.status === "deleted") {
      this.tasks = this.tasks.filter((item) => item !== task);
      for (const item of this.tasks) {
        item.blocks = item.blocks.filter((other) => other !== task.id);
        item.blockedBy = item.blockedBy.filter((other) => other !== task.id);
      }
      this.changed();
      return { ok: true, updatedFields: ["status"], statusChange: { from: task.status, to: "deleted" } };
    }
    for (const field of ["subject", "description", "activeForm", "owner"] as const) {
      const value = change[field];
      if (value !== undefined && value !== task[field]) {
        task[field] = value;
        updatedFields.push(field);
      }
    }
    if (change.status !== undefined && change.status !== task.status) {
      statusChange = { from: task.status, to: change.status };
      task.status = change.status;
      updatedFields.push("status");
    }
    for (const other of change.addBlocks ?? [])
      this.link(task.id, normaliseId(other), updatedFields, "blocks");
    for (const other of change.addBlockedBy ?? [])
      this.link(normaliseId(other), task.id, updatedFields, "blockedBy");
    if (change.metadata) {
      const metadata = { ...(task.metadata ?? {}) };
      for (const [key, value] of Object.entries(change.metadata)) {
        if (value === null) delete metadata[key];
        else metadata[key] = value;
      }
      task.metadata = metadata;
      updatedFields.push("metadata");
    }
    if (updatedFields.length > 0) this.changed();
    return { ok: true, updatedFields, ...(statusChange ? { statusChange } : {}) };
  }

  /** Blockers of `task` that are not completed yet. */
  openBlockers(task: Task): string[] {
    return task.blockedBy.filter((id) => this.get(id)?.status !== "completed");
  }

  /** The list as text for the model (TaskList, and the summary of a compacted conversation). */
  render(): string {
    if (this.tasks.length === 0) return "No tasks.";
    return this.tasks
      .map((task) => {
        const owner = task.owner ? ` (owner: ${task.owner})` : "";
        const blockers = this.openBlockers(task);
        const waits = blockers.length ? ` [blocked by ${blockers.map((id) => `#${id}`).join(", ")}]` : "";
        return `#${task.id} [${task.status}] ${task.subject}${owner}${waits}`;
      })
      .join("\n");
  }

  private link(blocker: string, blocked: string, updatedFields: string[], field: "blocks" | "blockedBy") {
    const first = this.get(blocker);
    const second = this.get(blocked);
    // update() checked both before it changed anything.
    if (!first || !second) throw new Error(`Task #${blocker} or #${blocked} vanished while being linked.`);
    if (!first.blocks.includes(blocked)) first.blocks.push(blocked);
    if (!second.blockedBy.includes(blocker)) second.blockedBy.push(blocker);
    if (!updatedFields.includes(field)) updatedFields.push(field);
  }

  /** Whether `from` (transitively) waits for `to`. */
  private dependsOn(from: string, to: string, seen = new Set<string>()): boolean {
    if (from === to) return true;
    if (seen.has(from)) return false;
    seen.add(from);
    return (this.get(from)?.blockedBy ?? []).some((next) => this.dependsOn(next, to, seen));
  }

  private notFound(id: string): string {
    const ids = this.tasks.map((task) => `#${task.id}`).join(", ");
    return `No task with id "${id}".${ids ? ` Existing tasks: ${ids}.` : " The task list is empty."}`;
  }

  private changed(): void {
    for (const listener of this.listeners) listener(this.tasks);
  }
}

/** Models sometimes write `#3`: the id is the number. */
function normaliseId(id: string): string {
  return id.trim().replace(/^#/, "");
}
