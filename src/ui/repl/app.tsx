// The interactive app, composed from hooks: the transcript (finished entries printed once via
// <Static>) and one live area of pre-measured lines (streaming answer, running tools, spinner,
// permission dialog, prompt, menu, status) that never grows taller than the terminal. State and keys
// live in the use-* hooks, the frame in live-frame.ts; this file wires them together.
import { Box, Text, useApp, useStdout } from "ink";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { errorMessage } from "../../util/index.js";
import { editInEditor } from "./external-editor.js";
import { helpText } from "./help-text.js";
import type { PermissionAnswer, PermissionQuestion, ReplHost } from "./host.js";
import { buildFrame } from "./live-frame.js";
import { describeRequest, proposedHunks } from "./permission-view.js";
import { questionLines } from "./question-view.js";
import { historyTranscript } from "./resumed-history.js";
import { isShellInput } from "./shell-mode.js";
import type { Style } from "./style.js";
import { emptyTranscript, restartTool } from "./transcript.js";
import { TranscriptView } from "./transcript-view.js";
import { useBackgroundCount } from "./use-background-count.js";
import { spinnerFrame, useClock } from "./use-clock.js";
import { type DialogTiming, useDialog } from "./use-dialog.js";
import { useIdleNotification } from "./use-idle-notification.js";
import { usePermissionQueue } from "./use-permission-queue.js";
import { usePickers } from "./use-pickers.js";
import { usePromptKeys } from "./use-prompt-keys.js";
import { useQuestionDialog } from "./use-question-dialog.js";
import { useRewind } from "./use-rewind.js";
import { useSessionTranscript } from "./use-session-transcript.js";
import { useStatusLine } from "./use-status-line.js";
import { useTerminalSize } from "./use-terminal-size.js";
import { useTurns } from "./use-turns.js";

type AppProps = {
  host: ReplHost;
  style: Style;
  history: string[];
  /** Milliseconds of waiting for input before the idle_prompt notification. */
  idleMs: number;
  /** Background writes (history) the exit waits for. */
  track: (write: Promise<unknown>) => void;
  /** `reagent "prompt"`: submitted once start-up (SessionStart hooks) is done. */
  initialPrompt?: { text: string; after: Promise<void> };
  /** How long a new permission dialog ignores keys, and digits/Enter while the user types. */
  dialogTiming?: DialogTiming;
  /** Runs a program that takes over the terminal (Ctrl+G's editor), suspending the REPL's drawing. */
  handOver: <T>(work: () => T) => T;
  /** `--resume` without an id: start-up waits for the session picker; `onStarted` when it ran. */
  resumePicker?: { onStarted: () => void };
};

/** Clears the visible screen and homes the cursor; the scrollback is left alone. */
const CLEAR_SCREEN = "\u001b[2J\u001b[H";
/** Ctrl+O's redraw: the scrollback too (ESC[3J), which holds the conversation in the other view;
 *  without it every toggle left one more copy of the whole conversation there. */
const CLEAR_SCREEN_AND_SCROLLBACK = "\u001b[2J\u001b[3J\u001b[H";

export function App(props: AppProps) {
  const { host, style, history, idleMs, track, initialPrompt, dialogTiming, handOver } = props;
  const { exit } = useApp();
  const { write } = useStdout();
  const size = useTerminalSize();
  const width = Math.max(20, size.columns);
  const [sessionVersion, setSessionVersion] = useState(0);
  const [staticKey, setStaticKey] = useState(0);
  const [detailed, setDetailed] = useState(false);
  const [exiting, setExiting] = useState(false);
  const [lastInputAt, setLastInputAt] = useState(Date.now());
  const { transcript, setTranscript, add, whenSubscribed } = useSessionTranscript(host, sessionVersion);
  const versionRef = useRef(sessionVersion);
  // An answered question restarts its tool's clock; a refused Edit or Write keeps the change it would
  // have made, for the tool line.
  const onSettled = useCallback(
    (question: PermissionQuestion, answer: PermissionAnswer) => {
      const refused =
        answer.kind === "no" ? proposedHunks(question, (path) => host.readText(path)) : undefined;
      setTranscript((state) => {
        const restarted = restartTool(state, question.toolUseId, Date.now());
        return refused
          ? { ...restarted, refused: { ...restarted.refused, [question.toolUseId]: refused } }
          : restarted;
      });
    },
    [setTranscript, host],
  );
  const dialogs = usePermissionQueue(host, add, onSettled);
  const background = useBackgroundCount(host);
  const dialog = dialogs[0];
  const commands = useMemo(() => host.commandList(), [host]);
  const dialogsRef = useRef(dialogs);
  dialogsRef.current = dialogs;
  const lastTypedAt = useRef(0);
  const transcriptRef = useRef(transcript);
  transcriptRef.current = transcript;

  const leave = useCallback(() => {
    if (exiting) return;
    if (host.session.running) host.session.abort();
    for (const pending of dialogsRef.current) pending.resolve({ kind: "no" });
    setExiting(true);
  }, [host, exiting]);
  useEffect(() => {
    if (exiting) exit();
  }, [exiting, exit]);

  /** Reprints the transcript from the top of a cleared screen (/clear; Ctrl+O also clears the scrollback). */
  const reprint = useCallback(
    (clear = CLEAR_SCREEN) => {
      write(clear);
      setStaticKey((key) => key + 1);
    },
    [write],
  );

  /** SessionStart of the session now in the host (after the start-up picker or a /resume). */
  const startUp = async () => {
    try {
      await host.start();
    } catch (error) {
      add({ kind: "error", text: `Start-up failed: ${errorMessage(error)}` });
    }
    props.resumePicker?.onStarted();
  };

  /** Listen to a new session (after /clear or /resume); resolves once subscribed. */
  const nextSession = useCallback(() => {
    versionRef.current += 1;
    setSessionVersion(versionRef.current);
    return whenSubscribed(versionRef.current);
  }, [whenSubscribed]);

  /** The session's history as the transcript, on a cleared screen (after /resume or a rewind). */
  const showHistory = () => {
    setTranscript(() =>
      historyTranscript(host.session.messages, {
        cwd: host.cwd,
        summarize: host.toolSummary,
        resultData: host.toolResultData,
      }),
    );
    reprint();
  };

  const pickers = usePickers({
    host,
    add,
    onSwitched: async () => {
      showHistory();
      await nextSession();
      await startUp();
    },
    onStartupPicked: () => startUp(),
  });
  const rewind = useRewind({
    host,
    add,
    onConversationRewound: (text) => {
      showHistory();
      prompt.prefill(text);
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the start-up picker opens once
  useEffect(() => {
    if (props.resumePicker) void pickers.openResume(true);
  }, []);

  const turns = useTurns({
    host,
    style,
    add,
    setTranscript,
    helpText: () => helpText(host.commandList()),
    blocked: dialogs.length > 0 || pickers.blocking || rewind.active,
    onCleared: () => {
      setTranscript(() => emptyTranscript());
      reprint();
      void nextSession();
    },
    onExit: leave,
    onPick: (picker) =>
      picker === "model"
        ? pickers.openModel()
        : picker === "output-style"
          ? pickers.openOutputStyle()
          : picker === "rewind"
            ? rewind.openRewind()
            : void pickers.openResume(),
    onResume: (id) => pickers.resume(id),
  });
  useInitialPrompt(initialPrompt, turns.enqueue);

  const working = turns.busy || transcript.running.length > 0;
  const now = useClock(working && !dialog);
  useIdleNotification(host, !turns.busy && dialogs.length === 0, lastInputAt, idleMs);
  const dialogControl = useDialog(dialog, {
    timing: dialogTiming,
    onInterrupt: () => host.session.abort(),
    lastTypedAt,
  });
  const questionControl = useQuestionDialog(dialog, {
    timing: dialogTiming,
    setMode: (mode) => host.setPermissionMode(mode),
    onInterrupt: () => host.session.abort(),
  });

  const prompt = usePromptKeys({
    host,
    commands,
    initialHistory: history,
    working,
    active: !exiting,
    add,
    enqueue: turns.enqueue,
    track,
    leave,
    onKey: () => setLastInputAt(Date.now()),
    intercept: questionControl.active
      ? questionControl.handleKey
      : dialog
        ? dialogControl.handleKey
        : pickers.active
          ? pickers.handleKey
          : rewind.active
            ? rewind.handleKey
            : undefined,
    lastTypedAt,
    onRedraw: () => write(CLEAR_SCREEN),
    onRewind: () => rewind.openRewind(),
    nothingAnswered: () => {
      const current = transcriptRef.current;
      return (
        current.entries.at(-1)?.kind === "user" && current.streaming === "" && current.running.length === 0
      );
    },
    editExternally: (text) => handOver(() => editInEditor(host.editorCommand, text)),
    onToggleDetail: () => {
      setDetailed((value) => !value);
      reprint(CLEAR_SCREEN_AND_SCROLLBACK);
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: context use changes when entries are added or a turn ends
  const context = useMemo(() => host.contextUsage(), [host, transcript.entries.length, turns.busy]);
  const view = useMemo(
    () =>
      dialog
        ? describeRequest(dialog.question, {
            style,
            width,
            cwd: host.cwd,
            fileText: (path) => host.readText(path),
          })
        : undefined,
    [dialog, style, width, host],
  );

  const model = `${host.model.provider}/${host.model.model}`;
  const mode = host.permissionMode();
  const cost = host.costSoFar();
  const custom = useStatusLine(
    host.statusLine,
    [model, mode, cost, transcript.entries.length, turns.busy, sessionVersion].join("\u0000"),
  );
  const shell = isShellInput(prompt.editor.text);
  const frame = exiting
    ? { lines: [] }
    : buildFrame({
        style,
        width,
        rows: size.rows,
        now,
        frame: spinnerFrame(now),
        transcript,
        working,
        startedAt: turns.startedAt,
        dialog:
          dialog && view && !questionControl.active
            ? { question: dialog.question, state: dialogControl.state, view }
            : undefined,
        question:
          dialog && questionControl.active
            ? (maxRows) =>
                questionLines(dialog.question.toolName, dialog.question.input, questionControl.state, {
                  style,
                  width,
                  maxRows,
                })
            : undefined,
        editor: prompt.editor,
        shell,
        placeholder: shell
          ? " Type a shell command (it goes through the permission gate)"
          : working
            ? " Type ahead; Enter queues it"
            : " Type a message, / for commands, @ for files, ! for shell",
        queued: turns.queue,
        suggestions: prompt.suggestions,
        selected: prompt.selected,
        menuNote: prompt.menuNote,
        picker: pickers.lines(style, width) ?? rewind.lines(style, width),
        overlay: prompt.searchLine ? [style.cyan(prompt.searchLine)] : undefined,
        status: {
          model,
          contextPercent: context.percent,
          mode,
          cost,
          budget: host.budgetSoFar?.(),
          background,
          custom,
          hint: prompt.exitArmed
            ? "Press Ctrl+C again to exit"
            : prompt.escArmed
              ? prompt.editor.text === ""
                ? "Esc again to rewind"
                : "Esc again to clear the prompt"
              : shell
                ? "! bash mode: runs the command, the agent sees its output"
                : detailed
                  ? "detailed transcript · ctrl+o for the compact view"
                  : undefined,
        },
      });
  if ("dialogBody" in frame && frame.dialogBody)
    dialogControl.setPage(frame.dialogBody.rows, frame.dialogBody.length);
  if ("planRows" in frame && frame.planRows !== undefined) questionControl.setPage(frame.planRows);

  return (
    <Box flexDirection="column">
      <TranscriptView
        key={staticKey}
        entries={transcript.entries}
        style={style}
        width={width}
        cwd={host.cwd}
        detailed={detailed}
      />
      {frame.lines.map((line, index) => (
        // One Text per line: Ink caches the size of every distinct text, so unchanged lines stay
        // cache hits; an empty Text would have no height, so a blank line is a space.
        // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
        <Text key={index}>{line === "" ? " " : line}</Text>
      ))}
    </Box>
  );
}

/** `reagent "prompt"`: queued exactly once, after start-up. */
function useInitialPrompt(initialPrompt: AppProps["initialPrompt"], enqueue: (text: string) => void) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first prompt is queued exactly once
  useEffect(() => {
    if (!initialPrompt || initialPrompt.text.trim() === "") return;
    void initialPrompt.after.then(() => enqueue(initialPrompt.text));
  }, []);
}
