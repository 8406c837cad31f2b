// Request bodies for requests that send the whole history every time, made without re-serialising
// or copying the history that was sent before. A builder keeps the text of the histories it sent
// last (a few: one per conversation), sealed in segments of about 64 KB that also hold their bytes,
// and when the next history starts with the same items (the same objects: a message never changes
// once made) it reuses those segments as they are and serialises only the items after them. The
// rest of the body (model, system prompt, tools) keeps its text while its JSON stays the same.
// The body is a string as any fetch takes it (its parts joined lazily, never flattened here), and
// its parts are registered for http-fetch.ts, which writes a registered body part by part: the
// sealed segments straight from their bytes, so no request allocates, converts or copies a
// history-sized string or buffer. The text is plain ASCII — characters beyond it written as JSON's
// \u escapes, which the server reads back as the same characters — so its UTF-8 length is its
// length. The JSON is JSON.stringify's, the history's key first, the other keys in their order, up
// to those escapes.

const BEYOND_ASCII = /[\u007f-\uffff]/g;
/** The same class, to ask whether there is any: `replace` copies the whole text even when nothing
 *  in it matches (~60 KB a request in a tool-heavy session). */
const ANY_BEYOND_ASCII = /[\u007f-\uffff]/;
const SEGMENT_CHARS = 64 * 1024;
/** Histories a builder keeps the text of (one per conversation that sent through it lately). */
const KEPT_HISTORIES = 4;

function unicodeEscape(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/** JSON text in ASCII: every character past 0x7e as a \u escape (surrogate pairs as two). */
export function asciiJson(value: unknown): string | undefined {
  const json = JSON.stringify(value);
  return json === undefined ? undefined : asciiText(json);
}

function asciiText(json: string): string {
  return ANY_BEYOND_ASCII.test(json) ? json.replace(BEYOND_ASCII, unicodeEscape) : json;
}

/** Values as one item's text: their ASCII JSON joined by commas ("" for none), for an item of ours
 *  that the API takes as several values (or as none). */
export function asciiJsonList(values: readonly unknown[]): string {
  return values.map((value) => asciiJson(value) ?? "null").join(",");
}

/** One part of a body: ASCII text, or the same text's bytes. */
export type BodyPart = string | Buffer;

/** Bodies made and not sent yet, with their parts (a few: clients of parallel agents build at
 *  once). Kept no longer than that, so that no body outlives its request here. */
const registered: Array<{ text: string; parts: BodyPart[] }> = [];
const REGISTERED_BODIES = 4;

/** The parts of a body a builder made, taken (once: a body sent again goes as its text); undefined
 *  for any other text. Their bytes are the body's. */
export function takeBodyParts(body: string): BodyPart[] | undefined {
  const index = registered.findIndex((entry) => entry.text === body);
  if (index < 0) return undefined;
  const [entry] = registered.splice(index, 1);
  return entry?.parts;
}

function register(text: string, parts: BodyPart[]): void {
  registered.unshift({ text, parts });
  registered.length = Math.min(registered.length, REGISTERED_BODIES);
}

/** The history a body carries: its items, each item's wire JSON (ASCII: `asciiJson`), and which
 *  items go as a copy made for this request alone (never kept: one with a prompt-cache mark). An
 *  item's JSON may be several values joined by commas (one item of ours that the API takes as
 *  several), or "" for an item the API is not sent at all. */
export type BodyHistory<T> = {
  items: readonly T[];
  json(item: T, index: number): string;
  once?: ReadonlySet<number>;
};

/** The items of the history sent last and their texts: whole segments sealed, then the open rest
 *  (item by item, `openChars` long). A sealed segment ends with the comma after its last item. */
type Kept = { items: readonly unknown[]; sealed: Segment[]; open: string[]; openChars: number };
type Segment = { text: string; bytes: Buffer };

function seal(texts: readonly string[]): Segment {
  const bytes = Buffer.from(`${texts.join(",")},`, "latin1");
  return { text: bytes.toString("latin1"), bytes };
}

/** How many leading items of the history are `kept`'s: all of them or none (none also when one of
 *  them is to go as a copy this time). */
function continued<T>(kept: Kept, history: BodyHistory<T>): number {
  const { items, once } = history;
  if (kept.items.length > items.length) return 0;
  for (let index = 0; index < kept.items.length; index++)
    if (kept.items[index] !== items[index] || once?.has(index)) return 0;
  return kept.items.length;
}

/** The kept run extended by the items after the reused ones (up to the first sent once), and the
 *  texts of the items after it (`rest`). Items with no text are kept (counted) but leave no text,
 *  so that no comma stands for them. */
function extend<T>(previous: Kept, history: BodyHistory<T>, reused: number): { kept: Kept; rest: string[] } {
  const { items } = history;
  const kept: Kept =
    reused > 0
      ? { ...previous, sealed: [...previous.sealed], open: [...previous.open] }
      : { items: [], sealed: [], open: [], openChars: 0 };
  let count = reused;
  let ended = false;
  const rest: string[] = [];
  for (const [index, item] of items.entries()) {
    if (index < reused) continue;
    const text = history.json(item, index);
    ended ||= history.once?.has(index) === true;
    if (ended) {
      if (text !== "") rest.push(text);
      continue;
    }
    count = index + 1;
    if (text === "") continue;
    kept.open.push(text);
    kept.openChars += text.length + 1;
    if (kept.openChars >= SEGMENT_CHARS) {
      kept.sealed.push(seal(kept.open));
      kept.open = [];
      kept.openChars = 0;
    }
  }
  kept.items = items.slice(0, count);
  return { kept, rest };
}

/** The body's text and parts: `head`, the history's items separated by commas, `]`, `tail`. */
function assemble(
  head: string,
  kept: Kept,
  rest: string[],
  tail: Segment,
): { text: string; parts: BodyPart[] } {
  const parts: BodyPart[] = [head];
  let text = head;
  const after = [...kept.open, ...rest];
  for (const [index, segment] of kept.sealed.entries()) {
    // With nothing after the sealed segments, the last one goes without its comma.
    const trim = after.length === 0 && index === kept.sealed.length - 1;
    parts.push(trim ? segment.bytes.subarray(0, -1) : segment.bytes);
    text += trim ? segment.text.slice(0, -1) : segment.text;
  }
  const end = `${after.join(",")}]`;
  parts.push(end, tail.bytes);
  return { text: text + end + tail.text, parts };
}

/** Per key, the JSON text of its last value and that text in ASCII. */
type AsciiMemo = Map<string, { json: string; ascii: string }>;

/** The body's text after the history, its bytes, and the keys it holds (`\0`-joined). */
type Tail = Segment & { keys: string };

/** `,"key":value` for every key but `skip` (JSON.stringify's omissions kept), then `}`. The tools
 *  and the system prompt come again with every request: a value whose JSON is the same as the last
 *  time keeps its ASCII text, and a tail the same as the last one keeps its bytes. */
function otherKeys(body: object, skip: string, memo: AsciiMemo, last: Tail | undefined): Tail {
  const values: Array<{ key: string; ascii: string }> = [];
  let changed = false;
  for (const [key, value] of Object.entries(body)) {
    if (key === skip) continue;
    const json = JSON.stringify(value);
    // JSON.stringify leaves out properties whose value has no JSON form (undefined, functions).
    if (json === undefined) continue;
    let known = memo.get(key);
    if (known?.json !== json) {
      known = { json, ascii: asciiText(json) };
      memo.set(key, known);
      changed = true;
    }
    values.push({ key, ascii: known.ascii });
  }
  const keys = values.map((entry) => entry.key).join("\0");
  if (last !== undefined && !changed && last.keys === keys) return last;
  const text = `${values.map((entry) => `,${asciiJson(entry.key)}:${entry.ascii}`).join("")}}`;
  return { text, bytes: Buffer.from(text, "latin1"), keys };
}

export type JsonBodyBuilder = (<T>(body: object, listKey: string, history: BodyHistory<T>) => string) & {
  /** Of the last body's items: how many came from the body before it, and how many were serialised. */
  readonly last: { reused: number; serialised: number };
};

/**
 * A builder for one client's requests: `body` (any `listKey` in it is left out) and the history
 * under `listKey` as JSON text, the history first. The leading run of items the previous body sent
 * (the same objects, in order) is taken from its segments; the kept run ends before the first item
 * sent once. The texts of the last few histories are kept, and a request continues the one it
 * shares the longest run with; a history that continues none (a compaction, a new conversation)
 * starts its segments anew.
 */
export function createJsonBodyBuilder(): JsonBodyBuilder {
  // The kept histories, the last one sent first: conversations that share a client (parallel
  // subagents on the parent's model) take turns without starting each other's over.
  let histories: Kept[] = [];
  const last = { reused: 0, serialised: 0 };
  const memo: AsciiMemo = new Map();
  let tail: Tail | undefined;
  const build = <T>(body: object, listKey: string, history: BodyHistory<T>): string => {
    let chosen = -1;
    last.reused = 0;
    for (const [index, kept] of histories.entries()) {
      const reused = continued(kept, history);
      if (reused > last.reused) [chosen, last.reused] = [index, reused];
    }
    last.serialised = history.items.length - last.reused;
    const previous = histories[chosen] ?? { items: [], sealed: [], open: [], openChars: 0 };
    const extended = extend(previous, history, last.reused);
    histories = [extended.kept, ...histories.filter((_, index) => index !== chosen)];
    histories.length = Math.min(histories.length, KEPT_HISTORIES);
    tail = otherKeys(body, listKey, memo, tail);
    const built = assemble(`{${JSON.stringify(listKey)}:[`, extended.kept, extended.rest, tail);
    register(built.text, built.parts);
    return built.text;
  };
  return Object.assign(build, { last });
}

/**
 * The request options that make a Stainless SDK (Anthropic's, OpenAI's) send `body` as it is: a text
 * body with its content type is passed through unchanged and takes the place of the parameters'
 * serialisation. The parameters given beside it carry an empty history, so that the SDK neither
 * serialises nor walks the conversation (it looks through messages for markers of its own helpers).
 */
export function prebuiltBody(body: string, signal: AbortSignal) {
  return { signal, body, headers: { "content-type": "application/json" } };
}
