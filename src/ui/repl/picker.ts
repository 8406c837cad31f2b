// A picker in place of the prompt (/resume, /model): a title, a filter typed as you go, a window of
// items that scrolls with the selection ("↑ N more" / "↓ N more"), and a hint or message line, fitted
// to the rows the live area has left. Items may be marked (the current one) or not choosable (a
// session in use elsewhere: Enter says why). Pure state and rendering; the App owns the choice.
import type { Key } from "ink";
import type { Style } from "./style.js";
import { truncateLine } from "./text-width.js";

export type PickerItem = {
  value: string;
  label: string;
  /** Dim text after the label (when, how many messages, price …). */
  detail?: string;
  /** A short mark after the label, e.g. "current". */
  mark?: string;
  /** Why it cannot be chosen (shown; Enter says it). */
  unavailable?: string;
};

type PickerState = {
  title: string;
  items: PickerItem[];
  filter: string;
  selected: number;
  /** One line answering the last key (why an item cannot be chosen). */
  message?: string;
  /** What Enter does, for the hint line. */
  action: string;
};

type PickerStep =
  | { type: "update"; state: PickerState }
  | { type: "choose"; item: PickerItem }
  | { type: "cancel" }
  | { type: "ignored" };

export function openPicker(title: string, items: PickerItem[], action: string, selected = 0): PickerState {
  return { title, items, filter: "", selected: Math.max(0, Math.min(selected, items.length - 1)), action };
}

/** The items that match the filter (every word, case-insensitive, in the label, detail or value). */
function visibleItems(state: PickerState): PickerItem[] {
  const words = state.filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return state.items;
  return state.items.filter((item) => {
    const text = `${item.label} ${item.detail ?? ""} ${item.value}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

const PAGE = 8;

function pickerKey(state: PickerState, input: string, key: Key): PickerStep {
  const items = visibleItems(state);
  const at = Math.min(state.selected, Math.max(0, items.length - 1));
  const update = (next: Partial<PickerState>): PickerStep => ({
    type: "update",
    state: { ...state, message: undefined, ...next },
  });
  const move = (by: number) => update({ selected: Math.max(0, Math.min(items.length - 1, at + by)) });
  if (key.escape || (key.ctrl && input === "c")) return { type: "cancel" };
  if (key.upArrow) return move(-1);
  if (key.downArrow) return move(1);
  if (key.pageUp) return move(-PAGE);
  if (key.pageDown) return move(PAGE);
  if (key.return) {
    const item = items[at];
    if (!item) return update({ message: "nothing matches the filter" });
    if (item.unavailable) return update({ message: `${item.label}: ${item.unavailable}` });
    return { type: "choose", item };
  }
  if (key.backspace || key.delete) return update({ filter: state.filter.slice(0, -1), selected: 0 });
  if (key.ctrl && input === "u") return update({ filter: "", selected: 0 });
  if (!key.ctrl && !key.meta && !key.tab && input && !/[\u0000-\u001f]/.test(input))
    return update({ filter: state.filter + input, selected: 0 });
  return { type: "ignored" };
}

/** The picker as at most `maxRows` lines. */
export function pickerLines(
  state: PickerState,
  options: { style: Style; width: number; maxRows: number },
): string[] {
  const { style, width } = options;
  const items = visibleItems(state);
  const at = Math.min(state.selected, Math.max(0, items.length - 1));
  const count =
    items.length === state.items.length ? `${items.length}` : `${items.length} of ${state.items.length}`;
  const head = [
    style.bold(`${state.title} (${count})`),
    state.filter === "" ? style.dim("Type to filter") : `Filter: ${state.filter}\u001b[7m \u001b[27m`,
  ];
  const foot =
    state.message !== undefined
      ? style.yellow(state.message)
      : style.dim(`↑↓ choose · Enter ${state.action} · Esc cancel`);
  if (options.maxRows <= 2) return [foot].map((line) => truncateLine(line, width));
  const room = Math.max(1, options.maxRows - head.length - 1);
  const rows = items.length > room ? Math.max(1, room - 2) : room;
  const first = Math.max(0, Math.min(at - Math.floor(rows / 2), items.length - rows));
  const shown = items.slice(first, first + rows);
  const body: string[] = [];
  if (items.length === 0) body.push(style.dim("  (nothing matches)"));
  if (first > 0) body.push(style.dim(`  ↑ ${first} more`));
  shown.forEach((item, offset) => {
    const chosen = first + offset === at;
    const mark = item.mark ? ` ${style.green(`(${item.mark})`)}` : "";
    const detail = item.detail ? `  ${style.dim(item.detail)}` : "";
    const unavailable = item.unavailable ? `  ${style.yellow(item.unavailable)}` : "";
    const label = chosen ? style.cyan(item.label) : item.unavailable ? style.dim(item.label) : item.label;
    body.push(`${chosen ? style.cyan("❯") : " "} ${label}${mark}${detail}${unavailable}`);
  });
  const below = items.length - first - shown.length;
  if (below > 0) body.push(style.dim(`  ↓ ${below} more`));
  return [...head, ...body, foot].slice(-options.maxRows).map((line) => truncateLine(line, width));
}

/** An open picker with what choosing and cancelling do (the /model, /resume and /rewind pickers). */
export type OpenPicker = { state: PickerState; choose: (item: PickerItem) => void; cancel: () => void };

/** Hands a key to the open picker (false when none is open): a new state, a choice or a cancel. */
export function openPickerKey(
  current: OpenPicker | undefined,
  input: string,
  key: Key,
  update: (next: OpenPicker) => void,
): boolean {
  if (!current) return false;
  const step = pickerKey(current.state, input, key);
  if (step.type === "update") update({ ...current, state: step.state });
  else if (step.type === "choose") current.choose(step.item);
  else if (step.type === "cancel") current.cancel();
  return true;
}
