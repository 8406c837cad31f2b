// Fails when a source file exceeds the 500-line cap (one concept per file; docs/ARCHITECTURE.md).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const LIMIT = 500;
function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}
const over = walk("src")
  .filter((file) => /\.tsx?$/.test(file))
  .map((file) => ({ file, lines: readFileSync(file, "utf8").split("\n").length }))
  .filter(({ lines }) => lines > LIMIT);
for (const { file, lines } of over) console.error(`${file}: ${lines} lines (limit ${LIMIT})`);
if (over.length > 0) process.exit(1);
console.log(`file sizes ok (limit ${LIMIT} lines)`);
