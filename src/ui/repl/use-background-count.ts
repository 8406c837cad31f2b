// How many background commands are running, for the status line: counted from the session's
// `background-commands` events (re-subscribed when /clear or /resume replaced the session).
import { useEffect, useState } from "react";
import type { ReplHost } from "./host.js";

export function useBackgroundCount(host: ReplHost): number {
  const [running, setRunning] = useState(0);
  useEffect(
    () =>
      host.session.subscribe((event) => {
        if (event.type === "background-commands") setRunning(event.running);
      }),
    [host, host.session],
  );
  return running;
}
