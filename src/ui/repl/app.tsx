// The interactive app: transcript (finished entries printed once via <Static>), the live area
// (streaming markdown, running tools, spinner), the permission dialog or the prompt, and the
// status line. Owns the turn lifecycle: submit, queue, abort, slash commands, exit. A resumed
// session's history is shown first.

import { Box, Static, Text, useApp, useInput, useStdout } from "ink";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { errorMessage } from "../../util/errors.js";
import { cleanEvent } from "./clean-event.js";
import { entryText } from "./entry-text.js";
import { helpText } from "./help-text.js";
import { appendHistory, type HistoryCursor, historyDown, historyUp, remember } from "./history.js";
import type { PermissionAnswer, PermissionQuestion, ReplHost, SessionEvent } from "./host.js";
import { type EditorState, editKey, emptyEditor } from "./input-editor.js";
import { renderMarkdown } from "./markdown.js";
import { PermissionDialog } from "./permission-dialog.js";
import { PromptView } from "./prompt-view.js";
import { historyTranscript } from "./resumed-history.js";
import { allCommands, parseSlash, suggestCommands } from "./slash-commands.js";
import { dispatchSlash } from "./slash-dispatch.js";
import { StatusLine, WorkingLine } from "./status-view.js";
import type { Style } from "./style.js";
import { addEntry, type Entry, type EntryInput, reduceEvent, type Transcript } from "./transcript.js";

export type AppProps = {
  host: ReplHost;
  style: Style;
  history: string[];
  /** Milliseconds of waiting for input before the idle_prompt notification. */
  idleMs: number;
  /** Background writes (history) the exit waits for. */
  track: (write: Promise<unknown>) => void;
  /** `reagent "prompt"`: submitted once start-up (SessionStart hooks) is done. */
  initialPrompt?: { text: string; after: Promise<void> };
};

type PendingDialog = { question: PermissionQuestion; resolve: (answer: PermissionAnswer) => void };

const MODES = ["default", "acceptEdits", "plan"];

function hookRunLine(event: Extract<SessionEvent, { type: "hook-run" }>["event"]): string | undefined {
  if (event.type !== "hook-end") return undefined;
  const decision = event.decision ? ` decision=${event.decision}` : "";
  const error = event.error ? ` error: ${event.error}` : "";
  return `${event.event} ${event.hook} (${event.source}) → ${event.outcome}${decision} exit=${event.exitCode} ${event.durationMs}ms${error}`;
}

export function App({ host, style, history: initialHistory, idleMs, track, initialPrompt }: AppProps) {
  const { exit } = useApp();
  const { stdout } = useStdout();
  const [size, setSize] = useState({ columns: stdout.columns || 80, rows: stdout.rows || 24 });
  // A resumed session opens with its earlier conversation above the prompt (no model request).
  const [transcript, setTranscript] = useState<Transcript>(() =>
    historyTranscript(host.session.messages, { cwd: host.cwd }),
  );
  // Keys can arrive faster than React re-renders: the editor lives in a ref, state mirrors it.
  const editorRef = useRef<EditorState>(emptyEditor());
  const [editor, setEditorState] = useState<EditorState>(editorRef.current);
  const setEditor = (next: EditorState) => {
    editorRef.current = next;
    setEditorState(next);
  };
  const selectedRef = useRef(0);
  const [busy, setBusy] = useState(false);
  const [startedAt, setStartedAt] = useState(0);
  const [now, setNow] = useState(Date.now());
  const [dialogs, setDialogs] = useState<PendingDialog[]>([]);
  const [queue, setQueue] = useState<Array<{ text: string }>>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first prompt is queued exactly once
  useEffect(() => {
    if (!initialPrompt || initialPrompt.text.trim() === "") return;
    void initialPrompt.after.then(() => setQueue((list) => [...list, { text: initialPrompt.text }]));
  }, []);
  const [exitArmed, setExitArmedState] = useState(false);
  const exitArmedRef = useRef(false);
  const setExitArmed = (value: boolean) => {
    exitArmedRef.current = value;
    setExitArmedState(value);
  };
  const [selected, setSelectedState] = useState(0);
  const setSelected = (value: number) => {
    selectedRef.current = value;
    setSelectedState(value);
  };
  const [sessionVersion, setSessionVersion] = useState(0);
  const [lastInputAt, setLastInputAt] = useState(Date.now());
  const history = useRef<{ entries: string[]; cursor: HistoryCursor }>({
    entries: initialHistory,
    cursor: { index: initialHistory.length, draft: "" },
  });
  const hookRuns = useRef<string[]>([]);
  const exiting = useRef(false);
  const width = Math.max(20, size.columns);

  const add = useCallback((entry: EntryInput) => setTranscript((state) => addEntry(state, entry)), []);

  useEffect(() => {
    const onResize = () => setSize({ columns: stdout.columns || 80, rows: stdout.rows || 24 });
    stdout.on("resize", onResize);
    return () => {
      stdout.off("resize", onResize);
    };
  }, [stdout]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-subscribe when /clear replaced the session
  useEffect(() => {
    return host.session.subscribe((event) => {
      if (event.type === "hook-run") {
        const line = hookRunLine(event.event);
        if (line) hookRuns.current = [...hookRuns.current.slice(-19), line];
        return;
      }
      setTranscript((state) => reduceEvent(state, cleanEvent(event), Date.now()));
    });
  }, [host, sessionVersion]);

  useEffect(() => {
    host.installPrompter({
      ask: (question) =>
        new Promise<PermissionAnswer>((resolve) => {
          let settled = false;
          const pending: PendingDialog = {
            question,
            resolve: (answer) => {
              if (settled) return;
              settled = true;
              setDialogs((list) => list.filter((item) => item !== pending));
              if (answer.kind === "always")
                add({ kind: "info", text: `Allowed ${answer.rule} from now on.` });
              resolve(answer);
            },
          };
          question.signal?.addEventListener("abort", () => pending.resolve({ kind: "no" }), { once: true });
          setDialogs((list) => [...list, pending]);
          host.notification(`reagent needs your permission to use ${question.toolName}`, "permission_prompt");
        }),
    });
  }, [host, add]);

  const working = busy || transcript.running.length > 0;
  useEffect(() => {
    if (!working) return;
    const timer = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(timer);
  }, [working]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: every key press (lastInputAt) restarts the idle timer
  useEffect(() => {
    if (busy || dialogs.length > 0) return;
    const timer = setTimeout(
      () => host.notification("reagent is waiting for your input", "idle_prompt"),
      idleMs,
    );
    timer.unref?.();
    return () => clearTimeout(timer);
  }, [busy, dialogs.length, lastInputAt, idleMs, host]);

  const leave = useCallback(() => {
    if (exiting.current) return;
    exiting.current = true;
    if (host.session.running) host.session.abort();
    for (const dialog of dialogs) dialog.resolve({ kind: "no" });
    exit();
  }, [host, dialogs, exit]);

  const commands = useMemo(() => allCommands(host.skills(), host.mcpPrompts()), [host]);

  const runTurn = useCallback(
    async (prompt: string, display: string) => {
      add({ kind: "user", text: display });
      setBusy(true);
      setStartedAt(Date.now());
      setTranscript((state) => ({ ...state, outputTokens: 0, streamedChars: 0 }));
      try {
        await host.session.submit(prompt);
      } catch (error) {
        add({
          kind: "error",
          text: `The turn failed: ${errorMessage(error)}`,
        });
      } finally {
        setBusy(false);
      }
    },
    [host, add],
  );

  const runLine = useCallback(
    async (text: string) => {
      const parsed = parseSlash(text);
      if (!parsed) return runTurn(text, text);
      setBusy(true);
      setStartedAt(Date.now());
      const outcome = await dispatchSlash(parsed, {
        host,
        hookRuns: hookRuns.current,
        helpText: helpText(commands),
      });
      setBusy(false);
      switch (outcome.kind) {
        case "exit":
          return leave();
        case "submit":
          return runTurn(outcome.prompt, outcome.display);
        case "cleared":
          setSessionVersion((version) => version + 1);
          add({ kind: "info", text: `${text}\n${outcome.text}` });
          return;
        case "output":
          add({ kind: "info", text: `${style.bold(text)}\n${outcome.text}` });
          return;
        case "error":
          add({ kind: "error", text: `${text}\n${outcome.text}` });
      }
    },
    [host, commands, runTurn, leave, add, style],
  );

  useEffect(() => {
    if (busy || queue.length === 0 || dialogs.length > 0) return;
    const [next, ...rest] = queue;
    setQueue(rest);
    void runLine(next.text);
  }, [busy, queue, dialogs.length, runLine]);

  const suggestions = suggestCommands(editor.text, commands);

  const submit = (raw: string) => {
    let text = raw;
    const parsed = parseSlash(text);
    const current = suggestCommands(raw, commands);
    if (parsed && current.length > 0 && !commands.some((command) => command.name === parsed.name))
      text = `/${current[Math.min(selectedRef.current, current.length - 1)].name}`;
    if (text.trim() === "") return;
    setEditor(emptyEditor());
    setSelected(0);
    const entries = remember(history.current.entries, text);
    if (entries !== history.current.entries)
      track(
        appendHistory(host.historyFile, text, history.current.entries).catch((error: unknown) =>
          add({ kind: "warning", text: `Could not save history to ${host.historyFile}: ${String(error)}` }),
        ),
      );
    history.current = { entries, cursor: { index: entries.length, draft: "" } };
    setQueue((list) => [...list, { text }]);
  };

  useInput(
    (input, key) => {
      setLastInputAt(Date.now());
      const editor = editorRef.current;
      const suggestions = suggestCommands(editor.text, commands);
      const selected = selectedRef.current;
      if (key.ctrl && input === "c") {
        if (working || host.session.running) return host.session.abort();
        if (editor.text !== "") return setEditor(emptyEditor());
        if (exitArmedRef.current) return leave();
        setExitArmed(true);
        setTimeout(() => setExitArmed(false), 2000);
        return;
      }
      if (key.ctrl && input === "d" && editor.text === "") return working ? undefined : leave();
      // Ink reports Esc with meta set, so test the key name alone: Alt+letter and Alt+arrow arrive
      // as escape sequences but carry their own key name, never `escape`.
      if (key.escape) {
        if (working || host.session.running) host.session.abort();
        return;
      }
      if (key.tab && key.shift) {
        const current = host.permissionMode();
        const next = MODES[(MODES.indexOf(current) + 1) % MODES.length];
        try {
          add({ kind: "info", text: host.setPermissionMode(next) });
        } catch (error) {
          add({ kind: "error", text: errorMessage(error) });
        }
        return;
      }
      if (suggestions.length > 0) {
        if (key.tab) {
          const name = suggestions[Math.min(selected, suggestions.length - 1)].name;
          setSelected(0);
          return setEditor(emptyEditor(`/${name} `));
        }
        if (key.upArrow || key.downArrow) {
          const step = key.upArrow ? -1 : 1;
          return setSelected((selected + step + suggestions.length) % suggestions.length);
        }
      }
      const result = editKey(editor, input, key);
      if (result.type === "edit") {
        setSelected(0);
        return setEditor(result.state);
      }
      if (result.type === "submit") return submit(result.text);
      if (result.type === "history") {
        const { entries, cursor } = history.current;
        const moved =
          result.direction === "up" ? historyUp(entries, cursor, editor.text) : historyDown(entries, cursor);
        if (!moved) return;
        history.current = { entries, cursor: moved.cursor };
        setEditor(emptyEditor(moved.text));
      }
    },
    { isActive: dialogs.length === 0 },
  );

  const streamingLines = useMemo(() => {
    if (transcript.streaming === "") return [];
    const lines = renderMarkdown(transcript.streaming, { width, style });
    return lines.slice(-Math.max(3, size.rows - 12));
  }, [transcript.streaming, width, style, size.rows]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: context use changes when entries are added or a turn ends
  const context = useMemo(() => host.contextUsage(), [host, transcript.entries.length, busy]);
  const dialog = dialogs[0];

  return (
    <Box flexDirection="column">
      <Static items={transcript.entries}>
        {(entry: Entry, index: number) => {
          const previous = transcript.entries[index - 1];
          const compact = entry.kind === "tool" && previous?.kind === "tool";
          return (
            <Box key={entry.id} marginTop={compact || index === 0 ? 0 : 1}>
              <Text>{entryText(entry, style, width)}</Text>
            </Box>
          );
        }}
      </Static>
      {streamingLines.length > 0 ? (
        <Box marginTop={1}>
          <Text>{streamingLines.join("\n")}</Text>
        </Box>
      ) : null}
      {transcript.running.map((tool) => (
        <Text key={tool.id}>
          {style.cyan(spinnerFrame(now))} {style.bold(tool.summary)}{" "}
          {style.dim(`${Math.max(0, Math.floor((now - tool.startedAt) / 1000))}s`)}
        </Text>
      ))}
      <Box marginTop={1} flexDirection="column">
        {working ? (
          <WorkingLine
            style={style}
            frame={spinnerFrame(now)}
            seconds={Math.max(0, Math.floor((now - startedAt) / 1000))}
            tokens={transcript.outputTokens + Math.ceil(transcript.streamedChars / 4)}
            retry={transcript.retry}
          />
        ) : null}
        {dialog ? (
          <PermissionDialog
            key={dialog.question.toolUseId}
            question={dialog.question}
            style={style}
            width={width}
            onAnswer={dialog.resolve}
            onInterrupt={() => host.session.abort()}
          />
        ) : (
          <PromptView
            editor={editor}
            style={style}
            width={width}
            placeholder={working ? " Type ahead; Enter queues it" : " Type a message, / for commands"}
            suggestions={suggestions}
            selected={Math.min(selected, Math.max(0, suggestions.length - 1))}
            queued={queue.map((item) => item.text)}
          />
        )}
        <StatusLine
          style={style}
          model={`${host.model.provider}/${host.model.model}`}
          contextPercent={context.percent}
          mode={host.permissionMode()}
          hint={exitArmed ? "Press Ctrl+C again to exit" : undefined}
        />
      </Box>
    </Box>
  );
}

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

function spinnerFrame(now: number): string {
  return FRAMES[Math.floor(now / 100) % FRAMES.length];
}
