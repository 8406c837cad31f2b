// The terminal's columns and rows, updated on resize.
import { useStdout } from "ink";
import { useEffect, useState } from "react";

type TerminalSize = { columns: number; rows: number };

export function useTerminalSize(): TerminalSize {
  const { stdout } = useStdout();
  const read = () => ({ columns: stdout.columns || 80, rows: stdout.rows || 24 });
  const [size, setSize] = useState<TerminalSize>(read);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read() only reads stdout
  useEffect(() => {
    const onResize = () => setSize(read());
    stdout.on("resize", onResize);
    return () => {
      stdout.off("resize", onResize);
    };
  }, [stdout]);
  return size;
}
