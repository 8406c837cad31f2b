// The /model, /output-style and /resume pickers: what they list, what choosing does, and the switch to another
// session (the host swaps it; the App replays its history and runs its start-up). `--resume` without
// an id opens the session picker before start-up; cancelling it starts the new session as usual.
import type { Key } from "ink";
import { useCallback, useState } from "react";
import { errorMessage } from "../../util/index.js";
import type { ModelChoice, ReplHost, SessionChoice } from "./host.js";
import { type OpenPicker, openPicker, openPickerKey, type PickerItem, pickerLines } from "./picker.js";
import type { Style } from "./style.js";
import type { EntryInput } from "./transcript.js";
import { useRefState } from "./use-ref-state.js";

type PickersOptions = {
  host: ReplHost;
  add: (entry: EntryInput) => void;
  /** The host switched sessions: show its history, listen to it, run its start-up. */
  onSwitched: () => Promise<void>;
  /** Start-up was held for the session picker (`--resume` without an id); run it now. */
  onStartupPicked: () => Promise<void>;
};

function ago(date: Date, now: number): string {
  const minutes = Math.max(0, Math.round((now - date.getTime()) / 60_000));
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.round(hours / 24);
  return days < 30 ? `${days} d ago` : date.toISOString().slice(0, 10);
}

function sessionItem(session: SessionChoice, now: number): PickerItem {
  const prompt = session.firstPrompt || "(no prompt)";
  const messages = `${session.messages} message${session.messages === 1 ? "" : "s"}`;
  return {
    value: session.id,
    label: prompt.length > 60 ? `${prompt.slice(0, 59)}…` : prompt,
    detail: `${ago(session.updatedAt, now)} · ${messages} · ${session.id.slice(0, 8)}`,
    ...(session.current ? { mark: "current", unavailable: "this is the session you are in" } : {}),
    ...(session.inUseBy !== undefined ? { unavailable: `in use by process ${session.inUseBy}` } : {}),
  };
}

/** A picker over named choices (the current one marked and selected). */
function choicePicker(
  title: string,
  verb: string,
  choices: ModelChoice[],
  onChoose: (item: PickerItem) => void,
  close: () => void,
): OpenPicker {
  const items = choices.map(
    (choice): PickerItem => ({
      value: choice.name,
      label: choice.name,
      ...(choice.description ? { detail: choice.description } : {}),
      ...(choice.current ? { mark: "current" } : {}),
    }),
  );
  const current = Math.max(
    0,
    choices.findIndex((choice) => choice.current),
  );
  return { state: openPicker(title, items, verb, current), cancel: close, choose: onChoose };
}

/** The saved sessions, the first one that can be resumed selected. */
function sessionPicker(
  sessions: SessionChoice[],
  onChoose: (item: PickerItem) => void,
  onCancel: () => void,
) {
  const now = Date.now();
  const items = sessions.map((session) => sessionItem(session, now));
  const first = Math.max(
    0,
    items.findIndex((item) => !item.unavailable),
  );
  return {
    state: openPicker("Resume a session", items, "resume", first),
    cancel: onCancel,
    choose: onChoose,
  };
}

export function usePickers(options: PickersOptions) {
  const { host, add, onSwitched, onStartupPicked } = options;
  const [open, openRef, setOpen] = useRefState<OpenPicker | undefined>(undefined);
  const [switching, setSwitching] = useState(false);

  const resume = useCallback(
    async (id: string, atStartup = false) => {
      setSwitching(true);
      try {
        // The host's start-up says which session was resumed and how long it is.
        await host.resume(id);
        await onSwitched();
      } catch (error) {
        add({ kind: "error", text: `/resume ${id}: ${errorMessage(error)}` });
        if (atStartup) await onStartupPicked();
      } finally {
        setSwitching(false);
      }
    },
    [host, add, onSwitched, onStartupPicked],
  );

  const { openModel, openOutputStyle } = useChoicePickers(host, add, setOpen);
  const openResume = useResumePicker({ host, add, resume, onStartupPicked, setOpen });
  const handleKey = (input: string, key: Key): boolean => openPickerKey(openRef.current, input, key, setOpen);

  return {
    active: open !== undefined,
    /** A picker is open or a session switch is under way: queued prompts wait. */
    blocking: open !== undefined || switching,
    switching,
    openModel,
    openOutputStyle,
    openResume,
    resume,
    handleKey,
    lines: (style: Style, width: number) =>
      open ? (maxRows: number) => pickerLines(open.state, { style, width, maxRows }) : undefined,
  };
}

/** `/resume` without an id (or `--resume` at start-up, which runs start-up when nothing is resumed). */
function useResumePicker(options: {
  host: ReplHost;
  add: (entry: EntryInput) => void;
  resume: (id: string, atStartup?: boolean) => Promise<void>;
  onStartupPicked: () => Promise<void>;
  setOpen: (next: OpenPicker | undefined) => void;
}) {
  const { host, add, resume, onStartupPicked, setOpen } = options;
  return useCallback(
    async (atStartup = false) => {
      let sessions: SessionChoice[];
      try {
        sessions = await host.listSessions();
      } catch (error) {
        add({ kind: "error", text: `/resume: cannot list the saved sessions: ${errorMessage(error)}` });
        if (atStartup) await onStartupPicked();
        return;
      }
      if (sessions.every((session) => session.current)) {
        add({ kind: "info", text: "No other saved session in this project." });
        if (atStartup) await onStartupPicked();
        return;
      }
      const cancel = () => {
        setOpen(undefined);
        if (atStartup) void onStartupPicked();
      };
      const choose = (item: PickerItem) => {
        setOpen(undefined);
        void resume(item.value, atStartup);
      };
      setOpen(sessionPicker(sessions, choose, cancel));
    },
    [host, add, resume, onStartupPicked, setOpen],
  );
}

/** `/model` and `/output-style` without arguments: a picker over the choices; choosing applies one. */
function useChoicePickers(
  host: ReplHost,
  add: (entry: EntryInput) => void,
  setOpen: (next: OpenPicker | undefined) => void,
) {
  /** A picker over named choices; choosing applies it and says what changed. */
  const openChoices = useCallback(
    (
      title: string,
      verb: string,
      choices: ModelChoice[],
      apply: (name: string) => Promise<string>,
      command: string,
    ) => {
      const choose = (item: PickerItem) => {
        setOpen(undefined);
        apply(item.value).then(
          (text) => add({ kind: "info", text }),
          (error: unknown) =>
            add({ kind: "error", text: `/${command} ${item.value}: ${errorMessage(error)}` }),
        );
      };
      setOpen(choicePicker(title, verb, choices, choose, () => setOpen(undefined)));
    },
    [add, setOpen],
  );

  const openModel = useCallback(
    () =>
      openChoices(
        `Switch model (${host.model.provider}; /model NAME for any other)`,
        "switch",
        host.modelChoices(),
        (name) => host.setModel(name, "picker"),
        "model",
      ),
    [host, openChoices],
  );

  const openOutputStyle = useCallback(
    () =>
      openChoices(
        "Output style (saved to the project's local settings)",
        "switch",
        host.outputStyleChoices(),
        (name) => host.setOutputStyle(name),
        "output-style",
      ),
    [host, openChoices],
  );

  return { openModel, openOutputStyle };
}
