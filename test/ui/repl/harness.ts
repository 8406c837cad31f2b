// Renders the REPL in-process against the production application's session (createApp: scripted
// model, real ToolRunner, hooks and permission gate) behind a host with canned reports, with a fake terminal: a stdin the test types into and a stdout that keeps
// every frame (Ink debug mode writes whole frames).

import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { PassThrough, Writable } from "node:stream";
import { outputStyleChoices, switchOutputStyle } from "../../../src/app/output-styles.js";
import type { Message } from "../../../src/model/types.js";
import { commandList } from "../../../src/modes/repl/repl-host.js";
import { replRewind } from "../../../src/modes/repl/repl-rewind.js";
import type { Script } from "../../../src/providers/script-format.js";
import { createScriptedClient } from "../../../src/providers/scripted.js";
import { costSoFar } from "../../../src/session/cost-report.js";
import { listProjectFiles } from "../../../src/tools/project-files.js";
import type { ReplHost } from "../../../src/ui/repl/host.js";
import { runRepl } from "../../../src/ui/repl/run-repl.js";
import { stripAnsi } from "../../../src/ui/repl/style.js";
import { saveSession } from "../../support/saved-session.js";
import { tempFolder } from "../../support/temp-folder.js";
import { createTestApp } from "../../support/test-app.js";
import { testTools } from "../../support/test-tools.js";

export type Harness = Awaited<ReturnType<typeof startRepl>>;

class FakeStdout extends Writable {
  frames: string[] = [];
  columns: number;
  rows = 24;
  isTTY = true;
  constructor(columns: number) {
    super();
    this.columns = columns;
  }
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    this.frames.push(chunk.toString());
    done();
  }
}

const open = new Set<{ exited: Promise<number>; press: (data: string) => void }>();

/**
 * Ends every REPL a test left running (a failed assertion skips the test's own exit), so the test
 * file can finish: Ctrl+C answers an open dialog, aborts a turn, clears the line, then exits.
 */
export async function closeAll(): Promise<void> {
  for (const repl of open) {
    let done = false;
    void repl.exited.finally(() => {
      done = true;
    });
    for (let attempt = 0; attempt < 20 && !done; attempt++) {
      repl.press("\u0003");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    open.delete(repl);
  }
}

export async function startRepl(
  script: Script,
  options: {
    columns?: number;
    rows?: number;
    idleMs?: number;
    history?: (dir: string) => Message[];
    /** Dialog key timing (default zeros here: tests press keys at once). */
    dialogTiming?: { guardMs: number; typingPauseMs: number };
    /** The built-in tools (Read, Bash, Glob …) besides the test tools. */
    builtins?: boolean;
    rules?: Partial<Record<"allow" | "deny" | "ask", string[]>>;
    /** Files to create in the workspace before start (path → text or bytes). */
    files?: Record<string, string | Buffer>;
    editorCommand?: string;
    /** Saved sessions /resume lists (the current one, "s1", is listed too). */
    sessions?: Array<{ id: string; firstPrompt: string; history: Message[]; inUseBy?: number }>;
    /** Start with the session picker (`--resume` without an id). */
    resumePicker?: boolean;
  } = {},
) {
  const dir = tempFolder("repl");
  // A skill and a namespaced custom command, as files the application discovers.
  const files: Record<string, string | Buffer> = {
    ".agents/skills/greet/SKILL.md":
      "---\nname: greet\ndescription: Say hello\n---\nGreet $ARGUMENTS warmly.\n",
    ".claude/commands/team/review.md": "---\ndescription: Review a change\n---\nCUSTOM review $ARGUMENTS\n",
    ...options.files,
  };
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  const calls: string[] = [];
  const notifications: Array<{ message: string; type: string }> = [];
  // A model that reads images, as the real providers' clients say.
  const client = Object.assign(createScriptedClient({ script }), { acceptsImages: true });
  const home = tempFolder("repl-home");
  // The session is the production application's (createApp), interactive as the REPL starts it; the
  // dialog the REPL installs answers the gate. Saved sessions are real transcript files.
  const makeApp = async (history?: Message[]) => {
    const resume = history ? saveSession(home, dir, `h${++saved}`, history) : undefined;
    const made = await createTestApp({
      cwd: dir,
      script: [],
      client,
      tools: testTools(),
      interactive: true,
      home,
      // `/model NAME` switches to a scripted model of that name.
      modelFor: async (name) =>
        Object.assign(createScriptedClient({ script: [], model: name }), { acceptsImages: true }),
      ...(options.rules ? { rules: options.rules } : {}),
      ...(resume ? { run: { resume } } : {}),
    });
    made.app.events.subscribe((event) => {
      if (event.type === "history-cleared") calls.push("clear");
    });
    return made.app;
  };
  let saved = 0;
  let app = await makeApp(options.history?.(dir));
  let session = app.session;
  const gate = () => app.gate;

  let sessionId = "s1";
  let model = "scripted";
  const rewinds = new WeakMap<typeof app, ReplHost["rewind"]>();
  const host: ReplHost = {
    get session() {
      return session;
    },
    get rewind() {
      const known = rewinds.get(app);
      if (known) return known;
      const made = replRewind(app);
      rewinds.set(app, made);
      return made;
    },
    get model() {
      return { provider: "scripted", model };
    },
    cwd: dir,
    get sessionId() {
      return sessionId;
    },
    historyFile: join(dir, "history.jsonl"),
    noColor: true,
    editorCommand: options.editorCommand ?? "false",
    start: async () => {
      calls.push("start");
    },
    permissionMode: () => gate().mode,
    setPermissionMode: (mode) => {
      gate().setMode(mode as never);
      return `Permission mode: ${mode}`;
    },
    contextUsage: () => ({
      percent: 12,
      usedTokens: 1200,
      window: 10000,
      breakdown: { systemPrompt: 100, toolSchemas: 100, messages: 1000, free: 8800 },
    }),
    // Slash commands are the application's own registry (real skills, command files and built-ins).
    commandList: () => commandList(app),
    runCommand: (line, signal) => app.slashCommands("interactive").resolve(line, signal),
    costSoFar: () => costSoFar(session.ledger),
    setModel: async (name) => {
      calls.push(`model ${name}`);
      model = name;
      return `Model set to ${name}`;
    },
    modelChoices: () =>
      ["scripted", "fast", "smart"].map((name) => ({
        name,
        description: `${name} model`,
        current: name === model,
      })),
    outputStyleChoices: () => outputStyleChoices(app.outputStyles),
    setOutputStyle: (name) => switchOutputStyle(app, name),
    listSessions: async () => [
      ...(options.sessions ?? []).map((saved, index) => ({
        id: saved.id,
        firstPrompt: saved.firstPrompt,
        updatedAt: new Date(Date.now() - (index + 1) * 3_600_000),
        messages: saved.history.length,
        current: saved.id === sessionId,
        ...(saved.inUseBy ? { inUseBy: saved.inUseBy } : {}),
      })),
    ],
    resume: async (id) => {
      const saved = options.sessions?.find((candidate) => candidate.id.startsWith(id));
      if (!saved) throw new Error(`no saved session ${id}`);
      calls.push(`resume ${saved.id}`);
      await app.close();
      app = await makeApp(saved.history);
      session = app.session;
      sessionId = saved.id;
      return `resumed ${saved.id}`;
    },
    projectFiles: () => listProjectFiles(dir, { hidden: (path) => gate().readDeniedBy(path) !== undefined }),
    readText: (path) => {
      try {
        return readFileSync(path, "utf8");
      } catch {
        return undefined;
      }
    },
    installPrompter: (value) => app.setPrompter(value),
    notification: (message, type) => notifications.push({ message, type }),
    close: async () => {
      calls.push("close");
      await app.close();
    },
  };
  const stdin = Object.assign(new PassThrough(), {
    isTTY: true,
    setRawMode: () => stdin,
    ref: () => stdin,
    unref: () => stdin,
  });
  const stdout = new FakeStdout(options.columns ?? 80);
  stdout.rows = options.rows ?? 24;
  const exited = runRepl(host, {
    stdin: stdin as unknown as NodeJS.ReadStream,
    stdout: stdout as unknown as NodeJS.WriteStream,
    stderr: stdout as unknown as NodeJS.WriteStream,
    debug: true,
    idleMs: options.idleMs ?? 60_000,
    dialogTiming: options.dialogTiming ?? { guardMs: 0, typingPauseMs: 0 },
    resumePicker: options.resumePicker,
  });
  const screen = () => stripAnsi(stdout.frames.at(-1) ?? "");
  const handle = { exited, press: (data: string) => stdin.write(data) };
  open.add(handle);
  void exited.finally(() => open.delete(handle));
  return {
    dir,
    host,
    client,
    /** The allow rules "don't ask again" saved to the project's local settings. */
    persisted(): string[] {
      const path = join(dir, ".agents", "settings.local.json");
      if (!existsSync(path)) return [];
      const data = JSON.parse(readFileSync(path, "utf8")) as { permissions?: { allow?: string[] } };
      return data.permissions?.allow ?? [];
    },
    calls,
    notifications,
    exited,
    screen,
    get session() {
      return session;
    },
    /** Sends raw bytes as a terminal would. */
    press(data: string) {
      stdin.write(data);
    },
    async type(text: string) {
      for (const char of text) {
        stdin.write(char);
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    // A ceiling, not a timing: generous, because a loaded machine (2 cores, several suites) can take
    // seconds for a Read that is instant when idle.
    async waitFor(predicate: (screen: string) => boolean, what: string, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (predicate(screen())) {
          // Let effects attach their key handlers before the test presses the next key.
          await new Promise((resolve) => setTimeout(resolve, 30));
          return screen();
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`timed out waiting for ${what}; screen:\n${screen()}`);
    },
  };
}
