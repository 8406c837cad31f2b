// Folds the session's events into the REPL transcript (re-subscribing when /clear or /resume
// replaced the session). A resumed session starts with its history.
import { useCallback, useEffect, useRef, useState } from "react";
import { cleanEvent } from "./clean-event.js";
import type { ReplHost } from "./host.js";
import { historyTranscript } from "./resumed-history.js";
import { addEntry, type EntryInput, reduceEvent, type Transcript } from "./transcript.js";

export function useSessionTranscript(host: ReplHost, sessionVersion: number) {
  const [transcript, setTranscript] = useState<Transcript>(() =>
    historyTranscript(host.session.messages, {
      cwd: host.cwd,
      summarize: host.toolSummary,
      resultData: host.toolResultData,
    }),
  );
  const add = useCallback((entry: EntryInput) => setTranscript((state) => addEntry(state, entry)), []);

  const waiting = useRef(new Map<number, () => void>());
  /** Resolves once the REPL listens to the session of this version (before its start-up runs). */
  const whenSubscribed = useCallback(
    (version: number) => new Promise<void>((resolve) => waiting.current.set(version, resolve)),
    [],
  );

  // Re-subscribes when /clear or /resume replaced the session (a new version).
  useEffect(() => {
    const resolve = waiting.current.get(sessionVersion);
    waiting.current.delete(sessionVersion);
    queueMicrotask(() => resolve?.());
    return host.session.subscribe((event) => {
      if (event.type === "hook-run") return;
      setTranscript((state) => reduceEvent(state, cleanEvent(event, host.cwd), Date.now()));
    });
  }, [host, sessionVersion]);

  return { transcript, setTranscript, add, whenSubscribed };
}
