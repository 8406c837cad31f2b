// End-to-end: a headless run that only read does not wait at its end for the prompt's snapshot. In a
// big project the first snapshot hashes every file (seconds); here a `git` on PATH runs the real git
// but keeps `update-index` — the step that hashes — holding the private index's lock until it is
// ended. That git runs at a lower CPU priority (nobody waits for the snapshot yet); the run ends at
// once, that git is gone and no lock is left behind, and a later run that writes takes its
// checkpoint with the real git as usual.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { getPriority } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { cleanEnv, runCli } from "../support/cli.js";
import { startFakeModelServer } from "../support/fake-model-server.js";
import { running, waitUntil } from "../support/processes.js";
import { removeFolder, tempFolder } from "../support/temp-folder.js";
import { createWorkspace } from "../support/workspace.js";

const workspace = createWorkspace({ "a.txt": "one\n", "b.txt": "two\n" });
const tools = tempFolder("slow-git");
const realGit = execFileSync("sh", ["-c", "command -v git"], { encoding: "utf8" }).trim();
const mark = join(tools, "update-index.pid");
// bash: git itself is the process reagent started (`exec`), reading the paths from a feeder that
// passes reagent's input on and then never ends (its error output away from reagent's pipes).
writeFileSync(
  join(tools, "git"),
  `#!/bin/bash
for arg in "$@"; do
  if [ "$arg" = update-index ]; then
    echo $$ >> "${mark}"
    exec "${realGit}" "$@" < <(cat; echo $BASHPID > "${mark}.feeder"; exec sleep 300 </dev/null 2>/dev/null)
  fi
done
exec "${realGit}" "$@"
`,
);
chmodSync(join(tools, "git"), 0o755);
after(() => {
  const feeder = existsSync(`${mark}.feeder`) ? Number(readFileSync(`${mark}.feeder`, "utf8")) : 0;
  if (feeder > 0 && running(feeder)) process.kill(feeder, "SIGKILL");
  workspace.cleanup();
  removeFolder(tools);
});

/** A process's niceness (/proc/<pid>/stat, field 19), undefined when it is gone. */
function niceness(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
  } catch {
    return undefined;
  }
}

const updateIndexPid = () => Number(readFileSync(mark, "utf8").trim().split("\n")[0]);

/** Every file named `name` below `folder`. */
function found(folder: string, name: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: "utf8" }).filter(
    (entry) => entry === name || entry.endsWith(`/${name}`),
  );
}

test("a run that only read gives its unfinished snapshot up at the end; the next run's checkpoints work", async (t) => {
  const model = await startFakeModelServer([
    { tool_calls: [{ name: "Read", input: { file_path: "a.txt" } }] },
    { text: "looked" },
    { tool_calls: [{ name: "Write", input: { file_path: "new.txt", content: "written\n" } }] },
    { text: "wrote" },
  ]);
  // The model answers only once the snapshot's update-index holds the lock: the run ends mid-snapshot.
  let seenNiceness: number | undefined;
  const gated = createServer((incoming, outgoing) => {
    void (async () => {
      await waitUntil(() => existsSync(mark), 30_000);
      await waitUntil(() => (niceness(updateIndexPid()) ?? 0) > 0, 2_000);
      seenNiceness ??= niceness(updateIndexPid());
      const target = new URL(model.anthropicBaseURL);
      const forward = request(
        {
          host: target.hostname,
          port: target.port,
          path: incoming.url,
          method: incoming.method,
          headers: incoming.headers,
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      incoming.pipe(forward);
    })();
  });
  await new Promise<void>((resolve) => gated.listen(0, "127.0.0.1", resolve));
  t.after(async () => {
    gated.close();
    await model.close();
  });
  const env = cleanEnv({ ANTHROPIC_API_KEY: "test-key" });
  const port = (gated.address() as AddressInfo).port;
  const slow = { ...env, PATH: `${tools}:${env.PATH}`, ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}` };

  const looked = await runCli(["-p", "look"], { cwd: workspace.dir, env: slow, timeoutMs: 20_000 });
  assert.equal(looked.code, 0, looked.stderr);
  assert.match(looked.stdout, /looked/);
  const pid = updateIndexPid();
  assert.ok(pid > 0, "the snapshot's update-index had started");
  // Niceness 10, or this test's own when that is lower in priority already.
  assert.equal(seenNiceness, Math.max(10, getPriority()), "the snapshot's git ran at a lower priority");
  assert.ok(await waitUntil(() => !running(pid), 5_000), "the snapshot's git was ended with the run");
  assert.deepEqual(found(env.HOME, "index.lock"), [], "git left no lock behind");
  assert.doesNotMatch(looked.stderr, /checkpoints are off/);

  const direct = { ...env, ANTHROPIC_BASE_URL: model.anthropicBaseURL };
  const wrote = await runCli(["-p", "write", "--dangerously-skip-permissions"], {
    cwd: workspace.dir,
    env: direct,
    timeoutMs: 60_000,
  });
  assert.equal(wrote.code, 0, wrote.stderr);
  assert.doesNotMatch(wrote.stderr, /checkpoints are off/);
  assert.equal(
    readFileSync(join(workspace.dir, "new.txt"), "utf8"),
    "written\n",
    wrote.stdout + wrote.stderr,
  );
  const listed = await runCli(["rewind"], { cwd: workspace.dir, env: direct, timeoutMs: 60_000 });
  assert.equal(listed.code, 0, listed.stderr);
  assert.match(listed.stdout, /^ {2}1 .* write$/m, "the write's prompt has its checkpoint");
});
