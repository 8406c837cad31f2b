// AWS event-stream framing, the binary format Bedrock streams responses in: each message is a prelude
// (total length, headers length, CRC32 of the two), string headers (`:event-type`, `:content-type`,
// `:message-type`, `:exception-type`), the payload, and a CRC32 of everything before it. The fake
// server's encoder; small enough to write here rather than add a codec package.

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let byte = 0; byte < 256; byte++) {
    let value = byte;
    for (let bit = 0; bit < 8; bit++) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
    table[byte] = value >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const STRING_HEADER = 7;

function encodeHeaders(headers: Record<string, string>): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(headers)) {
    const nameBytes = Buffer.from(name, "utf8");
    const valueBytes = Buffer.from(value, "utf8");
    const head = Buffer.alloc(1 + nameBytes.length + 3);
    head.writeUInt8(nameBytes.length, 0);
    nameBytes.copy(head, 1);
    head.writeUInt8(STRING_HEADER, 1 + nameBytes.length);
    head.writeUInt16BE(valueBytes.length, 2 + nameBytes.length);
    parts.push(head, valueBytes);
  }
  return Buffer.concat(parts);
}

/** One event-stream message; `corrupt` spoils its message CRC (a broken frame on purpose). */
export function encodeMessage(headers: Record<string, string>, payload: Uint8Array, corrupt = false): Buffer {
  const headerBytes = encodeHeaders(headers);
  const total = 12 + headerBytes.length + payload.length + 4;
  const prelude = Buffer.alloc(12);
  prelude.writeUInt32BE(total, 0);
  prelude.writeUInt32BE(headerBytes.length, 4);
  prelude.writeUInt32BE(crc32(prelude.subarray(0, 8)), 8);
  const body = Buffer.concat([prelude, headerBytes, Buffer.from(payload)]);
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE((crc32(body) ^ (corrupt ? 1 : 0)) >>> 0, 0);
  return Buffer.concat([body, trailer]);
}

/** A Bedrock `chunk` event carrying one Anthropic stream event (JSON, base64 in `bytes`). */
export function chunkMessage(eventJson: string, corrupt = false): Buffer {
  const payload = JSON.stringify({ bytes: Buffer.from(eventJson, "utf8").toString("base64"), p: "abcdefgh" });
  return encodeMessage(
    { ":event-type": "chunk", ":content-type": "application/json", ":message-type": "event" },
    Buffer.from(payload, "utf8"),
    corrupt,
  );
}

/** A modelled exception inside the stream (`throttlingException`, `internalServerException` …). */
export function exceptionMessage(type: string, message: string): Buffer {
  return encodeMessage(
    { ":exception-type": type, ":content-type": "application/json", ":message-type": "exception" },
    Buffer.from(JSON.stringify({ message }), "utf8"),
  );
}
