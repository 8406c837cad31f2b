// /rewind and Esc Esc on an empty prompt: a picker of the session's prompts, then what to restore
// (code and conversation, conversation, code), then — when files were changed outside reagent since
// the checkpoint — those changes shown and a yes/no before they are overwritten. A conversation
// rewind puts the prompt back in the input for editing.
import type { Key } from "ink";
import { useCallback } from "react";
import { errorMessage } from "../../util/index.js";
import type { ReplHost, RewindChoice, RewindWhat } from "./host.js";
import { type OpenPicker, openPicker, openPickerKey, type PickerItem, pickerLines } from "./picker.js";
import type { Style } from "./style.js";
import type { EntryInput } from "./transcript.js";
import { useRefState } from "./use-ref-state.js";

type Step = OpenPicker;

type RewindOptions = {
  host: ReplHost;
  add: (entry: EntryInput) => void;
  /** The conversation went back: show the kept history, put `prompt` in the input. */
  onConversationRewound: (prompt: string) => void;
};

const oneLine = (text: string, width = 60) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat || "(empty prompt)";
};

/** The yes/no before files changed outside reagent since the checkpoint are overwritten. */
function overwriteStep(onYes: () => void, onNo: () => void): Step {
  const items: PickerItem[] = [
    { value: "no", label: "No, keep them (nothing is rewound)" },
    { value: "yes", label: "Yes, rewind and overwrite them" },
  ];
  return {
    state: openPicker("Overwrite the changes made outside reagent?", items, "answer"),
    cancel: onNo,
    choose: (item) => (item.value === "yes" ? onYes() : onNo()),
  };
}

/** What to restore of `prompt`: code and conversation, conversation (gone once compacted), code. */
function whatStep(prompt: RewindChoice, onChoose: (what: RewindWhat) => void, close: () => void): Step {
  const gone = prompt.inConversation ? {} : { unavailable: "compacted or cleared since" };
  const items: PickerItem[] = [
    { value: "both", label: "Restore code and conversation", ...gone },
    { value: "conversation", label: "Restore conversation", ...gone },
    {
      value: "code",
      label: "Restore code",
      ...(prompt.changedFiles ? {} : { detail: "no file changes in it" }),
    },
    { value: "cancel", label: "Never mind" },
  ];
  return {
    state: openPicker(
      `Rewind to before prompt ${prompt.number}: ${oneLine(prompt.text, 40)}`,
      items,
      "rewind",
      prompt.inConversation ? 0 : 2,
    ),
    cancel: close,
    choose: (item) => (item.value === "cancel" ? close() : onChoose(item.value as RewindWhat)),
  };
}

/** Which prompt to go back to before (the latest selected). */
function promptStep(
  prompts: RewindChoice[],
  onChoose: (prompt: RewindChoice) => void,
  close: () => void,
): Step {
  const items = prompts.map(
    (prompt): PickerItem => ({
      value: String(prompt.number),
      label: `${prompt.number}. ${oneLine(prompt.text)}`,
      detail: `${prompt.at}${prompt.changedFiles ? "" : " · no file changes"}`,
    }),
  );
  return {
    state: openPicker("Rewind to before which prompt?", items, "choose", items.length - 1),
    cancel: close,
    choose: (item) => {
      const prompt = prompts.find((candidate) => String(candidate.number) === item.value);
      if (prompt) onChoose(prompt);
    },
  };
}

export function useRewind(options: RewindOptions) {
  const { host, add, onConversationRewound } = options;
  const [open, openRef, setOpen] = useRefState<Step | undefined>(undefined);
  const close = useCallback(() => setOpen(undefined), [setOpen]);

  const apply = useCallback(
    async (prompt: RewindChoice, what: RewindWhat) => {
      setOpen(undefined);
      try {
        const done = await host.rewind.apply(prompt.number, what);
        if (done.prefill !== undefined) onConversationRewound(done.prefill);
        add({ kind: "info", text: done.text });
      } catch (error) {
        add({ kind: "error", text: `/rewind: ${errorMessage(error)}` });
      }
    },
    [host, add, onConversationRewound, setOpen],
  );

  const preview = useCallback(
    async (prompt: RewindChoice, what: RewindWhat) => {
      setOpen(undefined);
      let shown: { text: string; conflicts?: string };
      try {
        shown = await host.rewind.preview(prompt.number, what);
      } catch (error) {
        return add({ kind: "error", text: `/rewind: ${errorMessage(error)}` });
      }
      add({ kind: "info", text: shown.text });
      if (!shown.conflicts) return apply(prompt, what);
      add({ kind: "warning", text: shown.conflicts });
      const keep = () => {
        setOpen(undefined);
        add({ kind: "info", text: "Nothing was rewound." });
      };
      setOpen(overwriteStep(() => void apply(prompt, what), keep));
    },
    [host, add, apply, setOpen],
  );

  const chooseWhat = useCallback(
    (prompt: RewindChoice) => setOpen(whatStep(prompt, (what) => void preview(prompt, what), close)),
    [preview, setOpen, close],
  );

  const openRewind = useCallback(() => {
    if (host.session.running)
      return add({ kind: "info", text: "/rewind works once the agent has finished this turn." });
    const prompts = host.rewind.prompts();
    if (typeof prompts === "string") return add({ kind: "info", text: prompts });
    if (prompts.length === 0) return add({ kind: "info", text: "No prompt to rewind to yet." });
    setOpen(promptStep(prompts, chooseWhat, close));
  }, [host, add, chooseWhat, setOpen, close]);

  const handleKey = (input: string, key: Key): boolean => openPickerKey(openRef.current, input, key, setOpen);

  return {
    active: open !== undefined,
    openRewind,
    handleKey,
    lines: (style: Style, width: number) =>
      open ? (maxRows: number) => pickerLines(open.state, { style, width, maxRows }) : undefined,
  };
}
