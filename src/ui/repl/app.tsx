// The interactive app, composed from hooks: the transcript (finished entries printed once via
// <Static>), the live area (streaming answer, running tools, spinner), the permission dialog or the
// prompt, and the status line. State and key handling live in the use-* hooks; this file wires
// them together and lays the screen out.
import { Box, Static, Text, useApp } from "ink";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { entryText } from "./entry-text.js";
import { helpText } from "./help-text.js";
import type { ReplHost } from "./host.js";
import { renderMarkdown } from "./markdown.js";
import { PermissionDialog } from "./permission-dialog.js";
import { PromptView } from "./prompt-view.js";
import { allCommands } from "./slash-commands.js";
import { StatusLine, WorkingLine } from "./status-view.js";
import type { Style } from "./style.js";
import type { Entry } from "./transcript.js";
import { spinnerFrame, useClock } from "./use-clock.js";
import { useIdleNotification } from "./use-idle-notification.js";
import { usePermissionQueue } from "./use-permission-queue.js";
import { usePromptKeys } from "./use-prompt-keys.js";
import { useSessionTranscript } from "./use-session-transcript.js";
import { useTerminalSize } from "./use-terminal-size.js";
import { useTurns } from "./use-turns.js";

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

export function App({ host, style, history, idleMs, track, initialPrompt }: AppProps) {
  const { exit } = useApp();
  const size = useTerminalSize();
  const width = Math.max(20, size.columns);
  const [sessionVersion, setSessionVersion] = useState(0);
  const [lastInputAt, setLastInputAt] = useState(Date.now());
  const { transcript, setTranscript, add, hookRuns } = useSessionTranscript(host, sessionVersion);
  const dialogs = usePermissionQueue(host, add);
  const commands = useMemo(() => allCommands(host.skills(), host.mcpPrompts()), [host]);
  const exiting = useRef(false);
  const dialogsRef = useRef(dialogs);
  dialogsRef.current = dialogs;

  const leave = useCallback(() => {
    if (exiting.current) return;
    exiting.current = true;
    if (host.session.running) host.session.abort();
    for (const dialog of dialogsRef.current) dialog.resolve({ kind: "no" });
    exit();
  }, [host, exit]);

  const turns = useTurns({
    host,
    style,
    add,
    setTranscript,
    hookRuns,
    helpText: helpText(commands),
    blocked: dialogs.length > 0,
    onCleared: () => setSessionVersion((version) => version + 1),
    onExit: leave,
  });
  useInitialPrompt(initialPrompt, turns.enqueue);

  const working = turns.busy || transcript.running.length > 0;
  const now = useClock(working);
  useIdleNotification(host, !turns.busy && dialogs.length === 0, lastInputAt, idleMs);

  const prompt = usePromptKeys({
    host,
    commands,
    initialHistory: history,
    working,
    active: dialogs.length === 0,
    add,
    enqueue: turns.enqueue,
    track,
    leave,
    onKey: () => setLastInputAt(Date.now()),
  });

  const streamingLines = useMemo(() => {
    if (transcript.streaming === "") return [];
    const lines = renderMarkdown(transcript.streaming, { width, style });
    return lines.slice(-Math.max(3, size.rows - 12));
  }, [transcript.streaming, width, style, size.rows]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: context use changes when entries are added or a turn ends
  const context = useMemo(() => host.contextUsage(), [host, transcript.entries.length, turns.busy]);
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
            seconds={Math.max(0, Math.floor((now - turns.startedAt) / 1000))}
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
            editor={prompt.editor}
            style={style}
            width={width}
            placeholder={working ? " Type ahead; Enter queues it" : " Type a message, / for commands"}
            suggestions={prompt.suggestions}
            selected={prompt.selected}
            queued={turns.queue}
          />
        )}
        <StatusLine
          style={style}
          model={`${host.model.provider}/${host.model.model}`}
          contextPercent={context.percent}
          mode={host.permissionMode()}
          hint={prompt.exitArmed ? "Press Ctrl+C again to exit" : undefined}
        />
      </Box>
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
