// Makes the REPL the permission gate's prompter: each question waits in a queue until the dialog
// answers it (or its tool call is aborted), and opening one fires the Notification hook.
import { useEffect, useState } from "react";
import type { PermissionAnswer, PermissionQuestion, ReplHost } from "./host.js";
import type { EntryInput } from "./transcript.js";

export type PendingDialog = {
  question: PermissionQuestion;
  resolve: (answer: PermissionAnswer) => void;
};

export function usePermissionQueue(
  host: ReplHost,
  add: (entry: EntryInput) => void,
  onSettled: (question: PermissionQuestion, answer: PermissionAnswer) => void,
): PendingDialog[] {
  const [dialogs, setDialogs] = useState<PendingDialog[]>([]);
  useEffect(() => {
    host.installPrompter({
      ask: (question) =>
        new Promise<PermissionAnswer>((resolve) => {
          let settled = false;
          const pending: PendingDialog = {
            question,
            resolve: (answer) => {
              if (settled) return;
              settled = true;
              setDialogs((list) => list.filter((item) => item !== pending));
              onSettled(question, answer);
              if (answer.kind === "session")
                add({ kind: "info", text: `Allowed ${answer.rule} for the rest of this session.` });
              else if (answer.kind === "always")
                add({ kind: "info", text: `Allowed ${answer.rule} from now on (saved).` });
              resolve(answer);
            },
          };
          question.signal?.addEventListener("abort", () => pending.resolve({ kind: "no" }), { once: true });
          setDialogs((list) => [...list, pending]);
          host.notification(`reagent needs your permission to use ${question.toolName}`, "permission_prompt");
        }),
    });
  }, [host, add, onSettled]);
  return dialogs;
}
