// The current time, ticking while `active` (the spinner and elapsed seconds); still otherwise.
import { useEffect, useState } from "react";
import { present } from "../../util/index.js";

const TICK_MS = 100;

export function useClock(active: boolean): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

export function spinnerFrame(now: number): string {
  return present(FRAMES[Math.floor(now / TICK_MS) % FRAMES.length], "an index modulo the length is in range");
}
