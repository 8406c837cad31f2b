// The session the App shows and the screen it is printed on: the transcript of the session in the
// host (re-subscribed when /clear, /resume or a rewind replaced it), a reprint from the top of a
// cleared screen, and the session's history shown as the transcript.
import { useStdout } from "ink";
import { useCallback, useRef, useState } from "react";
import type { ReplHost } from "./host.js";
import { historyTranscript } from "./resumed-history.js";
import { useSessionTranscript } from "./use-session-transcript.js";

/** Clears the visible screen and homes the cursor; the scrollback is left alone. */
export const CLEAR_SCREEN = "\u001b[2J\u001b[H";
/** Ctrl+O's redraw: the scrollback too (ESC[3J), which holds the conversation in the other view;
 *  without it every toggle left one more copy of the whole conversation there. */
export const CLEAR_SCREEN_AND_SCROLLBACK = "\u001b[2J\u001b[3J\u001b[H";

export function useSessionScreen(host: ReplHost) {
  const { write } = useStdout();
  const [sessionVersion, setSessionVersion] = useState(0);
  const [staticKey, setStaticKey] = useState(0);
  const { transcript, setTranscript, add, whenSubscribed } = useSessionTranscript(host, sessionVersion);
  const versionRef = useRef(sessionVersion);

  /** Reprints the transcript from the top of a cleared screen (/clear; Ctrl+O also clears the scrollback). */
  const reprint = useCallback(
    (clear = CLEAR_SCREEN) => {
      write(clear);
      setStaticKey((key) => key + 1);
    },
    [write],
  );

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

  return {
    write,
    sessionVersion,
    staticKey,
    transcript,
    setTranscript,
    add,
    reprint,
    nextSession,
    showHistory,
  };
}
