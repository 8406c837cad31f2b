// The one image reader (util/image-facts.ts): types by their signature bytes, pixel sizes from the
// headers of every form the four formats take, broken headers refused, the API limits; and the file
// loader built on it (Read, prompt images) refusing a file over the byte limit from its first bytes.
import assert from "node:assert/strict";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import {
  base64Length,
  imageFacts,
  imageMediaType,
  imageOverLimit,
  MAX_IMAGE_BASE64_BYTES,
} from "../../src/util/image-facts.js";
import { imageBlockFrom, loadImageFile } from "../../src/util/image-file.js";
import { tempFolder } from "../support/temp-folder.js";

const dir = tempFolder("image");
after(() => rmSync(dir, { recursive: true, force: true }));

function png(width: number, height: number): Buffer {
  const data = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(data);
  data.writeUInt32BE(13, 8);
  data.write("IHDR", 12, "latin1");
  data.writeUInt32BE(width, 16);
  data.writeUInt32BE(height, 20);
  return data;
}

function gif(width: number, height: number): Buffer {
  const data = Buffer.alloc(13);
  data.write("GIF89a", 0, "latin1");
  data.writeUInt16LE(width, 6);
  data.writeUInt16LE(height, 8);
  return data;
}

/** SOI, an APP0 segment of `appBytes` bytes, fill bytes, then a frame header (SOF0 or SOF2). */
function jpeg(width: number, height: number, options: { appBytes?: number; progressive?: boolean } = {}) {
  const app = Buffer.alloc(2 + (options.appBytes ?? 2));
  app.writeUInt16BE(app.length, 0);
  const frame = Buffer.from([0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  frame.writeUInt16BE(height, 3);
  frame.writeUInt16BE(width, 5);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    app,
    Buffer.from([0xff, 0xff, options.progressive ? 0xc2 : 0xc0]),
    frame,
  ]);
}

function webp(chunk: "VP8 " | "VP8L" | "VP8X", width: number, height: number): Buffer {
  const data = Buffer.alloc(32);
  data.write("RIFF", 0, "latin1");
  data.write("WEBP", 8, "latin1");
  data.write(chunk, 12, "latin1");
  if (chunk === "VP8 ") {
    data.writeUInt16LE(width, 26);
    data.writeUInt16LE(height, 28);
  } else if (chunk === "VP8L") data.writeUInt32LE((width - 1) | ((height - 1) << 14), 21);
  else {
    data.writeUIntLE(width - 1, 24, 3);
    data.writeUIntLE(height - 1, 27, 3);
  }
  return data;
}

test("types and sizes of PNG, GIF, JPEG (baseline, progressive, fill bytes) and the three WebP forms", () => {
  assert.deepEqual(imageFacts(png(640, 480)), { mediaType: "image/png", width: 640, height: 480 });
  assert.deepEqual(imageFacts(gif(320, 200)), { mediaType: "image/gif", width: 320, height: 200 });
  assert.deepEqual(imageFacts(jpeg(500, 300)), { mediaType: "image/jpeg", width: 500, height: 300 });
  assert.deepEqual(imageFacts(jpeg(1024, 768, { progressive: true, appBytes: 300 })), {
    mediaType: "image/jpeg",
    width: 1024,
    height: 768,
  });
  assert.deepEqual(imageFacts(webp("VP8 ", 800, 600)), { mediaType: "image/webp", width: 800, height: 600 });
  assert.deepEqual(imageFacts(webp("VP8L", 100, 50)), { mediaType: "image/webp", width: 100, height: 50 });
  assert.deepEqual(imageFacts(webp("VP8X", 1920, 1080)), {
    mediaType: "image/webp",
    width: 1920,
    height: 1080,
  });
});

test("the type comes from the bytes alone; broken or empty headers are no image", () => {
  assert.equal(imageMediaType(png(1, 1)), "image/png");
  assert.equal(imageMediaType(Buffer.from("GIF87a")), "image/gif");
  assert.equal(imageMediaType(Buffer.from("GIF8")), undefined, "a GIF needs its version");
  assert.equal(imageMediaType(Buffer.from("%PDF-1.7")), undefined);
  assert.equal(imageMediaType(Buffer.from("<html>")), undefined);
  assert.equal(imageFacts(Buffer.from("hello")), undefined);
  assert.equal(imageFacts(png(1, 1).subarray(0, 20)), undefined, "a cut PNG header");
  const noIhdr = png(1, 1);
  noIhdr.write("IDAT", 12, "latin1");
  assert.equal(imageFacts(noIhdr), undefined, "the first chunk must be IHDR");
  assert.equal(imageFacts(png(0, 10)), undefined, "a zero side");
  assert.equal(imageFacts(Buffer.from([0xff, 0xd8, 0xff, 0x00, 0, 0, 0, 0, 0, 0, 0])), undefined);
  assert.equal(imageFacts(jpeg(10, 10).subarray(0, 12)), undefined, "a JPEG cut before its frame header");
  const unknownWebp = webp("VP8X", 1, 1);
  unknownWebp.write("ALPH", 12, "latin1");
  assert.equal(imageFacts(unknownWebp), undefined);
});

test("limits: 5 MB of base64 and 8000 pixels a side", () => {
  const largestFile = (MAX_IMAGE_BASE64_BYTES / 4) * 3;
  assert.equal(base64Length(largestFile), MAX_IMAGE_BASE64_BYTES);
  assert.equal(imageOverLimit({ width: 8000, height: 8000 }, largestFile), undefined);
  assert.equal(imageOverLimit({ width: 8000, height: 8000 }, largestFile + 1), "bytes");
  assert.equal(imageOverLimit({ width: 8001, height: 10 }, 100), "pixels");
  assert.equal(imageOverLimit(undefined, 100), undefined);
});

test("the file loader: a block with a summary, refusals that say why and how to make a smaller copy", async () => {
  const ok = imageBlockFrom(png(2, 3), "a.png");
  assert.equal(ok.ok && ok.summary, "PNG image, 2×3 pixels, 0 KB");
  const wide = imageBlockFrom(png(9000, 10), "wide.png");
  assert.equal(!wide.ok && wide.code, "image_too_large");
  assert.match(!wide.ok ? wide.message : "", /wide\.png is a 9000×10 PNG .*8000 pixels a side.*magick/);
  const text = imageBlockFrom(Buffer.from("not an image"), "notes.png");
  assert.equal(!text.ok && text.code, "not_an_image");

  // 4 MB whose frame header lies beyond the first 64 KB: refused by its bytes without reading it whole.
  const heavy = join(dir, "heavy.jpg");
  writeFileSync(heavy, Buffer.concat([jpeg(100, 100, { appBytes: 65_530 }), Buffer.alloc(4 * 1024 * 1024)]));
  const refused = await loadImageFile(heavy, "heavy.jpg");
  assert.equal(!refused.ok && refused.code, "image_too_large");
  assert.match(
    !refused.ok ? refused.message : "",
    /heavy\.jpg is a JPEG of 4\.1 MB; .*5 MB of base64 \(a 3\.75 MB file\)/,
  );
  const fake = join(dir, "fake.png");
  writeFileSync(fake, Buffer.alloc(4 * 1024 * 1024));
  const notImage = await loadImageFile(fake, "fake.png");
  assert.equal(!notImage.ok && notImage.code, "not_an_image");
});
