// A WHATWG `Headers` that does not load Node's bundled undici. The global `Headers`, `Response` and
// `fetch` are lazy getters: touching any of them evaluates undici (~20 ms of a run's start-up). The
// model path never needs undici (http-fetch.ts speaks node:http), so http-fetch's responses carry
// these headers, and the build gives the provider SDKs these bindings in place of the globals
// (scripts/sdk-web-globals.mjs). Names are case-insensitive, values combined with ", ", iteration
// sorted by name with each set-cookie apart, as the Fetch standard says.

type HeadersInput = Iterable<readonly [string, string]> | Record<string, string> | undefined | null;

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const FORBIDDEN_IN_VALUE = /[\0\r\n]/;
const OUTER_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;

const toStringTag = (value: unknown) => Object.prototype.toString.call(value);

function checkedName(name: string, method: string): string {
  const text = String(name);
  if (!TOKEN.test(text)) throw new TypeError(`Headers.${method}: "${text}" is an invalid header name.`);
  return text.toLowerCase();
}

function checkedValue(value: string, name: string, method: string): string {
  const text = String(value).replace(OUTER_WHITESPACE, "");
  if (FORBIDDEN_IN_VALUE.test(text))
    throw new TypeError(`Headers.${method}: "${text}" is an invalid header value for "${name}".`);
  return text;
}

export class WebHeaders {
  /** Lower-cased name → its values in the order they were added. */
  readonly #values = new Map<string, string[]>();

  /** Real (undici) Headers count too: the SDKs ask `x instanceof Headers` of headers users pass. */
  static [Symbol.hasInstance](value: unknown): boolean {
    return toStringTag(value) === "[object Headers]";
  }

  constructor(init?: HeadersInput | WebHeaders) {
    if (init === undefined || init === null) return;
    if (typeof init !== "object") throw new TypeError("Headers: the init is neither pairs nor a record");
    if (Symbol.iterator in init) {
      for (const pair of init as Iterable<readonly [string, string]>) {
        const entry = [...(pair as Iterable<string>)];
        if (entry.length !== 2) throw new TypeError("Headers: each header pair needs a name and a value");
        // append() reads both as strings, as a WHATWG Headers does (an undefined name becomes "undefined").
        const [name, value] = entry;
        this.append(String(name), String(value));
      }
      return;
    }
    for (const [name, value] of Object.entries(init)) this.append(name, value as string);
  }

  append(name: string, value: string): void {
    const key = checkedName(name, "append");
    const text = checkedValue(value, key, "append");
    const existing = this.#values.get(key);
    if (existing) existing.push(text);
    else this.#values.set(key, [text]);
  }

  set(name: string, value: string): void {
    const key = checkedName(name, "set");
    this.#values.set(key, [checkedValue(value, key, "set")]);
  }

  get(name: string): string | null {
    return this.#values.get(checkedName(name, "get"))?.join(", ") ?? null;
  }

  has(name: string): boolean {
    return this.#values.has(checkedName(name, "has"));
  }

  delete(name: string): void {
    this.#values.delete(checkedName(name, "delete"));
  }

  getSetCookie(): string[] {
    return [...(this.#values.get("set-cookie") ?? [])];
  }

  *entries(): IterableIterator<[string, string]> {
    for (const name of [...this.#values.keys()].sort()) {
      const values = this.#values.get(name);
      if (values === undefined) continue;
      if (name === "set-cookie") for (const value of values) yield [name, value];
      else yield [name, values.join(", ")];
    }
  }

  *keys(): IterableIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  forEach(callback: (value: string, name: string, headers: WebHeaders) => void, thisArg?: unknown): void {
    for (const [name, value] of this.entries()) callback.call(thisArg, value, name, this);
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }

  get [Symbol.toStringTag](): string {
    return "Headers";
  }
}

/** Stands in for the global `FormData` where code only asks `x instanceof FormData`: the answer
 *  needs no undici; constructing one still makes a real FormData (and loads undici then). */
export class LazyFormData {
  static [Symbol.hasInstance](value: unknown): boolean {
    return toStringTag(value) === "[object FormData]";
  }

  constructor(...args: ConstructorParameters<typeof FormData>) {
    // biome-ignore lint/correctness/noConstructorReturn: a real FormData is the point.
    return new globalThis.FormData(...args) as unknown as LazyFormData;
  }
}
