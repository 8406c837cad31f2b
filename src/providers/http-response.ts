// The WHATWG `Response` that http-fetch.ts hands the provider SDKs: status, WebHeaders and a body
// that streams as the bytes arrive, built without the global `Response` (which loads undici, see
// web-headers.ts). The body is read once, as the standard's are: text/json/arrayBuffer/bytes/blob
// consume it, `clone()` tees it; `formData()`, which nothing on the model path uses, goes through
// the global Response.
import { Readable } from "node:stream";
import { WebHeaders } from "./web-headers.js";

type HttpResponseInit = {
  status: number;
  statusText: string;
  headers: WebHeaders;
  /** The URL the answer came from (after redirects). */
  url: string;
  redirected: boolean;
};

type BodySource = Readable | ReadableStream<Uint8Array> | null;

export class HttpResponse {
  readonly type = "basic";
  readonly status: number;
  readonly statusText: string;
  readonly headers: WebHeaders;
  readonly url: string;
  readonly redirected: boolean;
  #source: BodySource;
  #body: ReadableStream<Uint8Array> | null | undefined;

  /** `source`: the node stream of the answer (or a web stream), null for a body-less status. */
  constructor(source: BodySource, init: HttpResponseInit) {
    this.#source = source;
    this.status = init.status;
    this.statusText = init.statusText;
    this.headers = init.headers;
    this.url = init.url;
    this.redirected = init.redirected;
  }

  get ok(): boolean {
    return this.status >= 200 && this.status <= 299;
  }

  /** Made on first use, so that a caller reading through text() never builds a web stream it skips. */
  get body(): ReadableStream<Uint8Array> | null {
    if (this.#body === undefined) {
      const source = this.#source;
      this.#body =
        source === null || source instanceof ReadableStream
          ? source
          : (Readable.toWeb(source) as ReadableStream<Uint8Array>);
    }
    return this.#body;
  }

  get bodyUsed(): boolean {
    const body = this.#body;
    // Node's isDisturbed reads web streams too (its types name only node streams).
    return body !== undefined && body !== null && Readable.isDisturbed(body as unknown as Readable);
  }

  async bytes(): Promise<Uint8Array> {
    const body = this.body;
    if (body === null) return new Uint8Array(0);
    if (this.bodyUsed || body.locked) throw new TypeError("Body is unusable: Body has already been read");
    const chunks: Uint8Array[] = [];
    for await (const chunk of body) chunks.push(chunk);
    return Buffer.concat(chunks);
  }

  async text(): Promise<string> {
    // TextDecoder drops a leading byte order mark and replaces bad sequences, as the standard's text() does.
    return new TextDecoder().decode(await this.bytes());
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = await this.bytes();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  async blob(): Promise<Blob> {
    return new Blob([await this.bytes()], { type: this.headers.get("content-type") ?? "" });
  }

  async formData(): Promise<FormData> {
    const { status, statusText } = this;
    return new Response(this.body, { status, statusText, headers: [...this.headers] }).formData();
  }

  clone(): HttpResponse {
    const body = this.body;
    if (this.bodyUsed || body?.locked) throw new TypeError("Response.clone: Body has already been consumed.");
    let copy: ReadableStream<Uint8Array> | null = null;
    if (body !== null) {
      const [mine, theirs] = body.tee();
      this.#body = mine;
      copy = theirs;
    }
    const { status, statusText, url, redirected } = this;
    return new HttpResponse(copy, {
      status,
      statusText,
      headers: new WebHeaders(this.headers),
      url,
      redirected,
    });
  }

  get [Symbol.toStringTag](): string {
    return "Response";
  }
}
