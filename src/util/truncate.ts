// Output capping helpers shared by tools, hooks and MCP results.

/** Keeps the head and the tail of `text` when it exceeds `limit` characters, with a marker between. */
export function truncateMiddle(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const omitted = text.length - limit;
  const marker = `\n… [${omitted} characters omitted] …\n`;
  const half = Math.max(0, Math.floor((limit - marker.length) / 2));
  return text.slice(0, half) + marker + text.slice(text.length - half);
}

/** Keeps the head of `text` when it exceeds `limit` characters, with a note saying how much was cut. */
export function truncateHead(text: string, limit: number, note = "output truncated"): string {
  if (text.length <= limit) return text;
  return `${text.slice(0, limit)}\n… [${note}: ${text.length - limit} more characters]`;
}

/** Bounded text sink: remembers at most `headLimit` first and `tailLimit` last characters of a stream. */
export class BoundedText {
  private head = "";
  private tail = "";
  private dropped = 0;
  constructor(
    private readonly headLimit: number,
    private readonly tailLimit: number,
  ) {}

  append(chunk: string): void {
    if (this.head.length < this.headLimit) {
      const room = this.headLimit - this.head.length;
      this.head += chunk.slice(0, room);
      chunk = chunk.slice(room);
    }
    if (chunk.length === 0) return;
    this.tail += chunk;
    if (this.tail.length > this.tailLimit) {
      this.dropped += this.tail.length - this.tailLimit;
      this.tail = this.tail.slice(this.tail.length - this.tailLimit);
    }
  }

  get truncated(): boolean {
    return this.dropped > 0;
  }

  toString(): string {
    if (this.dropped === 0) return this.head + this.tail;
    return `${this.head}\n… [${this.dropped} characters omitted] …\n${this.tail}`;
  }
}

/** Bounded byte sink: keeps the first `limit` bytes of a stream and drops (but counts as cut) the rest. */
export class ByteCapture {
  private chunks: Buffer[] = [];
  private size = 0;
  truncated = false;
  constructor(private readonly limit: number) {}

  push(chunk: Buffer): void {
    if (this.size >= this.limit) {
      if (chunk.length > 0) this.truncated = true;
      return;
    }
    const room = this.limit - this.size;
    if (chunk.length > room) {
      this.truncated = true;
      chunk = chunk.subarray(0, room);
    }
    this.chunks.push(chunk);
    this.size += chunk.length;
  }

  text(): string {
    return Buffer.concat(this.chunks).toString("utf8");
  }
}
