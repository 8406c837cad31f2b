// The record behind "the next session is not the sandbox's exit": what each folder's session applied
// and whether its commands were sandboxed; a start whose folder configuration differs from what the
// last sandboxed session there applied, or whose files changed after a sandboxed session started in
// a folder holding it, is told why (the headless start then withholds it); trust lifts it elsewhere.
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { changedWhileSandboxed, recordApplied } from "../../src/app/sandbox-changes.js";
import { appliedFilePath } from "../../src/config/applied-record.js";
import { trustSubject } from "../../src/config/trust-subject.js";
import { tempFolder } from "../support/temp-folder.js";

const subject = (command: string) =>
  trustSubject({
    layers: [
      {
        source: ".claude/settings.json",
        scope: "project",
        data: { hooks: { SessionStart: [{ hooks: [{ type: "command", command }] }] } },
      },
    ],
    compactHooks: [],
  });

test("a change since the last sandboxed session is found; an unsandboxed one is not", async () => {
  const root = tempFolder("applied");
  const where = { cwd: join(root, "project"), homeDir: join(root, "home") };
  mkdirSync(where.cwd, { recursive: true });
  assert.equal(changedWhileSandboxed(where, subject("a")), undefined, "no record yet");
  await recordApplied(where, { hash: subject("a").hash, sandboxed: true, roots: [where.cwd] });
  assert.equal(changedWhileSandboxed(where, subject("a")), undefined, "unchanged");
  assert.match(
    changedWhileSandboxed(where, subject("b")) ?? "",
    /changed since a session here with the sandbox on/,
  );
  await recordApplied(where, { hash: subject("a").hash, sandboxed: false, roots: [where.cwd] });
  assert.equal(changedWhileSandboxed(where, subject("b")), undefined, "the last session was not sandboxed");
});

test("a sandboxed run keeps its first start; a damaged record is the safe branch", async () => {
  const root = tempFolder("applied");
  const where = { cwd: join(root, "project"), homeDir: join(root, "home") };
  mkdirSync(where.cwd, { recursive: true });
  const hash = subject("a").hash;
  await recordApplied(where, { hash, sandboxed: true, roots: [where.cwd] }, new Date("2030-01-01T00:00:00Z"));
  await recordApplied(where, { hash, sandboxed: true, roots: [where.cwd] }, new Date("2030-02-01T00:00:00Z"));
  assert.match(changedWhileSandboxed(where, subject("b")) ?? "", /started 2030-01-01T00:00:00.000Z/);
  writeFileSync(appliedFilePath(where.homeDir), "{ not json");
  assert.match(changedWhileSandboxed(where, subject("a")) ?? "", /is damaged/);
});

test("a nested folder's file written after a sandboxed session started in a folder holding it", async () => {
  const root = tempFolder("applied");
  const home = join(root, "home");
  const parent = join(root, "repo");
  const child = join(parent, "packages", "app");
  mkdirSync(join(child, ".claude"), { recursive: true });
  await recordApplied(
    { cwd: parent, homeDir: home },
    { hash: "h", sandboxed: true, roots: [parent] },
    new Date(0),
  );
  const inChild = { cwd: child, homeDir: home };
  assert.equal(changedWhileSandboxed(inChild, subject("a")), undefined, "no file there: nothing changed");
  writeFileSync(join(child, ".claude", "settings.json"), "{}");
  assert.match(
    changedWhileSandboxed(inChild, subject("a")) ?? "",
    /\.claude\/settings\.json changed after a session with the sandbox on started in/,
  );
});
