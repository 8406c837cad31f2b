// Fires the Notification hook (`idle_prompt`) when the prompt has waited `idleMs` for input with the
// agent idle and no dialog open; every key press restarts the wait.
import { useEffect } from "react";
import type { ReplHost } from "./host.js";

export function useIdleNotification(host: ReplHost, idle: boolean, lastInputAt: number, idleMs: number) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: every key press (lastInputAt) restarts the idle timer
  useEffect(() => {
    if (!idle) return;
    const timer = setTimeout(
      () => host.notification("reagent is waiting for your input", "idle_prompt"),
      idleMs,
    );
    timer.unref?.();
    return () => clearTimeout(timer);
  }, [idle, lastInputAt, idleMs, host]);
}
