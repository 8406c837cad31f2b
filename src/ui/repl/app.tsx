// The interactive app, composed from hooks: the transcript (finished entries printed once via
// <Static>) and one live area of pre-measured lines (streaming answer, running tools, spinner,
// permission dialog, prompt, menu, status) that never grows taller than the terminal. State and keys
// live in the use-* hooks, the frame in live-frame.ts; this file wires them together.
import { Box, type Key, Text, useApp } from "ink";
import { type MutableRefObject, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { errorMessage } from "../../util/index.js";
import { editInEditor } from "./external-editor.js";
import { helpText } from "./help-text.js";
import type { PermissionAnswer, PermissionQuestion, ReplHost } from "./host.js";
import { proposedHunks } from "./permission-view.js";
import type { Style } from "./style.js";
import { emptyTranscript, restartTool, type Transcript } from "./transcript.js";
import { TranscriptView } from "./transcript-view.js";
import { useBackgroundCount } from "./use-background-count.js";
import { useClock } from "./use-clock.js";
import { type DialogTiming, useDialog } from "./use-dialog.js";
import { useIdleNotification } from "./use-idle-notification.js";
import { useLiveFrame } from "./use-live-frame.js";
import { type PendingDialog, usePermissionQueue } from "./use-permission-queue.js";
import { usePickers } from "./use-pickers.js";
import { usePromptKeys } from "./use-prompt-keys.js";
import { useQuestionDialog } from "./use-question-dialog.js";
import { useRewind } from "./use-rewind.js";
import { CLEAR_SCREEN, CLEAR_SCREEN_AND_SCROLLBACK, useSessionScreen } from "./use-session-screen.js";
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

export function App(props: AppProps) {
  const { host, style, idleMs, dialogTiming } = props;
  const size = useTerminalSize();
  const width = Math.max(20, size.columns);
  const [detailed, setDetailed] = useState(false);
  const [lastInputAt, setLastInputAt] = useState(Date.now());
  const screen = useSessionScreen(host);
  const { transcript, setTranscript, add, reprint, write } = screen;
  const onSettled = useRefusedChanges(host, setTranscript);
  const dialogs = usePermissionQueue(host, add, onSettled);
  const background = useBackgroundCount(host);
  const dialog = dialogs[0];
  const commands = useMemo(() => host.commandList(), [host]);
  const lastTypedAt = useRef(0);
  const transcriptRef = useRef(transcript);
  transcriptRef.current = transcript;
  const { exiting, leave } = useLeave(host, dialogs);
  const prefill = useRef((_text: string) => {});
  const { pickers, rewind } = useSessionPickers(host, screen, props.resumePicker, prefill);

  const blocked = dialogs.length > 0 || pickers.blocking || rewind.active;
  const turns = useAppTurns({ host, style, screen, blocked, leave, pickers, rewind });
  useInitialPrompt(props.initialPrompt, turns.enqueue);

  const working = turns.busy || transcript.running.length > 0;
  const now = useClock(working && !dialog);
  useIdleNotification(host, !turns.busy && dialogs.length === 0, lastInputAt, idleMs);
  const { dialogControl, questionControl } = useDialogControls(host, dialog, dialogTiming, lastTypedAt);

  const prompt = usePromptKeys({
    host,
    commands,
    initialHistory: props.history,
    working,
    active: !exiting,
    add,
    enqueue: turns.enqueue,
    track: props.track,
    leave,
    onKey: () => setLastInputAt(Date.now()),
    intercept: interceptFor(questionControl, dialog ? dialogControl : undefined, pickers, rewind),
    lastTypedAt,
    onRedraw: () => write(CLEAR_SCREEN),
    onRewind: () => rewind.openRewind(),
    nothingAnswered: () => nothingAnswered(transcriptRef.current),
    editExternally: (text) => props.handOver(() => editInEditor(host.editorCommand, text)),
    onToggleDetail: () => {
      setDetailed((value) => !value);
      reprint(CLEAR_SCREEN_AND_SCROLLBACK);
    },
  });
  prefill.current = prompt.prefill;

  const lines = useLiveFrame({
    host,
    style,
    now,
    working,
    turns,
    prompt,
    picker: pickers.lines(style, width) ?? rewind.lines(style, width),
    background,
    screen: { width, rows: size.rows, transcript, detailed, exiting, sessionVersion: screen.sessionVersion },
    dialog: { pending: dialog, control: dialogControl, question: questionControl },
  });

  return (
    <Box flexDirection="column">
      <TranscriptView
        key={screen.staticKey}
        entries={transcript.entries}
        style={style}
        width={width}
        cwd={host.cwd}
        detailed={detailed}
      />
      <LiveLines lines={lines} />
    </Box>
  );
}

/** The live area: one Text per line. */
function LiveLines({ lines }: { lines: string[] }) {
  return lines.map((line, index) => (
    // One Text per line: Ink caches the size of every distinct text, so unchanged lines stay
    // cache hits; an empty Text would have no height, so a blank line is a space.
    // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
    <Text key={index}>{line === "" ? " " : line}</Text>
  ));
}

type KeyTaker = { handleKey: (input: string, key: Key) => boolean };
type Pickers = ReturnType<typeof usePickers>;
type Rewind = ReturnType<typeof useRewind>;

/** Who sees each key first: a question to the person, the permission dialog, a picker or the rewind. */
function interceptFor(
  question: KeyTaker & { active: boolean },
  dialog: KeyTaker | undefined,
  pickers: Pickers,
  rewind: Rewind,
) {
  if (question.active) return question.handleKey;
  if (dialog) return dialog.handleKey;
  if (pickers.active) return pickers.handleKey;
  return rewind.active ? rewind.handleKey : undefined;
}

/** `/model`, `/output-style`, `/rewind` or `/resume` without arguments. */
function openPicker(
  picker: "model" | "resume" | "output-style" | "rewind",
  pickers: Pickers,
  rewind: Rewind,
) {
  switch (picker) {
    case "model":
      return pickers.openModel();
    case "output-style":
      return pickers.openOutputStyle();
    case "rewind":
      return rewind.openRewind();
    default:
      return void pickers.openResume();
  }
}

/** The running turn has shown nothing yet (Esc then puts the prompt back). */
function nothingAnswered(current: Transcript): boolean {
  return current.entries.at(-1)?.kind === "user" && current.streaming === "" && current.running.length === 0;
}

/** An answered question restarts its tool's clock; a refused Edit or Write keeps the change it would
 *  have made, for the tool line. */
function useRefusedChanges(
  host: ReplHost,
  setTranscript: (update: (state: Transcript) => Transcript) => void,
) {
  return useCallback(
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
}

/** Leaving: stops the turn, declines every open dialog, then ends the app. */
function useLeave(host: ReplHost, dialogs: PendingDialog[]) {
  const { exit } = useApp();
  const [exiting, setExiting] = useState(false);
  const dialogsRef = useRef(dialogs);
  dialogsRef.current = dialogs;
  const leave = useCallback(() => {
    if (exiting) return;
    if (host.session.running) host.session.abort();
    for (const pending of dialogsRef.current) pending.resolve({ kind: "no" });
    setExiting(true);
  }, [host, exiting]);
  useEffect(() => {
    if (exiting) exit();
  }, [exiting, exit]);
  return { exiting, leave };
}

/** The turns: what /clear, /exit, the pickers and /resume do, and when the queue waits. */
function useAppTurns(options: {
  host: ReplHost;
  style: Style;
  screen: ReturnType<typeof useSessionScreen>;
  blocked: boolean;
  leave: () => void;
  pickers: Pickers;
  rewind: Rewind;
}) {
  const { host, screen, pickers, rewind } = options;
  return useTurns({
    host,
    style: options.style,
    add: screen.add,
    setTranscript: screen.setTranscript,
    helpText: () => helpText(host.commandList()),
    blocked: options.blocked,
    onCleared: () => {
      screen.setTranscript(() => emptyTranscript());
      screen.reprint();
      void screen.nextSession();
    },
    onExit: options.leave,
    onPick: (picker) => openPicker(picker, pickers, rewind),
    onResume: (id) => pickers.resume(id),
  });
}

/** The permission dialog's and the question dialog's key handling for the dialog on top. */
function useDialogControls(
  host: ReplHost,
  dialog: PendingDialog | undefined,
  timing: DialogTiming | undefined,
  lastTypedAt: { current: number },
) {
  const onInterrupt = () => host.session.abort();
  const dialogControl = useDialog(dialog, { timing, onInterrupt, lastTypedAt });
  const questionControl = useQuestionDialog(dialog, {
    timing,
    setMode: (mode) => host.setPermissionMode(mode),
    onInterrupt,
  });
  return { dialogControl, questionControl };
}

/** The pickers that switch or rewind the session, and the start-up they may hold (`--resume` alone). */
function useSessionPickers(
  host: ReplHost,
  screen: ReturnType<typeof useSessionScreen>,
  resumePicker: AppProps["resumePicker"],
  prefill: MutableRefObject<(text: string) => void>,
) {
  const { add } = screen;
  /** SessionStart of the session now in the host (after the start-up picker or a /resume). */
  const startUp = async () => {
    try {
      await host.start();
    } catch (error) {
      add({ kind: "error", text: `Start-up failed: ${errorMessage(error)}` });
    }
    resumePicker?.onStarted();
  };
  const pickers = usePickers({
    host,
    add,
    onSwitched: async () => {
      screen.showHistory();
      await screen.nextSession();
      await startUp();
    },
    onStartupPicked: () => startUp(),
  });
  const rewind = useRewind({
    host,
    add,
    onConversationRewound: (text: string) => {
      screen.showHistory();
      prefill.current(text);
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the start-up picker opens once
  useEffect(() => {
    if (resumePicker) void pickers.openResume(true);
  }, []);
  return { pickers, rewind };
}

/** `reagent "prompt"`: queued exactly once, after start-up. */
function useInitialPrompt(initialPrompt: AppProps["initialPrompt"], enqueue: (text: string) => void) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first prompt is queued exactly once
  useEffect(() => {
    if (!initialPrompt || initialPrompt.text.trim() === "") return;
    void initialPrompt.after.then(() => enqueue(initialPrompt.text));
  }, []);
}
