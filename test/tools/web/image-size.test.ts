import assert from "node:assert/strict";
import { test } from "node:test";
import { imageSize } from "../../../src/tools/web/image-size.js";

test("sizes from PNG, GIF, JPEG and the three WebP forms; garbage is undefined", () => {
  const png = Buffer.alloc(24);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png);
  png.write("IHDR", 12, "latin1");
  png.writeUInt32BE(640, 16);
  png.writeUInt32BE(480, 20);
  assert.deepEqual(imageSize(png, "image/png"), { width: 640, height: 480 });

  const gif = Buffer.alloc(10);
  gif.write("GIF89a", 0, "latin1");
  gif.writeUInt16LE(320, 6);
  gif.writeUInt16LE(200, 8);
  assert.deepEqual(imageSize(gif, "image/gif"), { width: 320, height: 200 });

  // SOI, an APP0 segment, then a baseline SOF0 with height 300 and width 500.
  const jpeg = Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0x2c, 0x01, 0xf4,
    0x03, 0, 0, 0, 0,
  ]);
  assert.deepEqual(imageSize(jpeg, "image/jpeg"), { width: 500, height: 300 });

  const riff = (chunk: string) => {
    const data = Buffer.alloc(32);
    data.write("RIFF", 0, "latin1");
    data.write("WEBP", 8, "latin1");
    data.write(chunk, 12, "latin1");
    return data;
  };
  const lossy = riff("VP8 ");
  lossy.writeUInt16LE(800, 26);
  lossy.writeUInt16LE(600, 28);
  assert.deepEqual(imageSize(lossy, "image/webp"), { width: 800, height: 600 });
  const lossless = riff("VP8L");
  lossless.writeUInt32LE((100 - 1) | ((50 - 1) << 14), 21);
  assert.deepEqual(imageSize(lossless, "image/webp"), { width: 100, height: 50 });
  const extended = riff("VP8X");
  extended.writeUIntLE(1920 - 1, 24, 3);
  extended.writeUIntLE(1080 - 1, 27, 3);
  assert.deepEqual(imageSize(extended, "image/webp"), { width: 1920, height: 1080 });

  assert.equal(imageSize(Buffer.from("hello"), "image/png"), undefined);
  assert.equal(imageSize(Buffer.from([0xff, 0xd8, 0x00]), "image/jpeg"), undefined);
});
