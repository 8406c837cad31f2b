// The REPL's side of a configured status line: asks the source for a run whenever what the line may
// show changes (model, mode, the transcript, a turn starting or ending, cost), and re-renders when the
// command's line changes. The source debounces and runs the command.
import { useEffect, useState } from "react";
import type { StatusLineSource } from "./host.js";

export function useStatusLine(source: StatusLineSource | undefined, changes: string): string | undefined {
  const [, setVersion] = useState(0);
  useEffect(() => source?.subscribe(() => setVersion((version) => version + 1)), [source]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of `changes` is what asks for a run
  useEffect(() => {
    source?.request();
  }, [source, changes]);
  return source?.text();
}
