import assert from "node:assert/strict";
import { existsSync, promises as fs } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { createBashTool } from "../../src/tools/bash.js";
import { running, waitUntil } from "../support/processes.js";
import { removeFolder, tempFolder } from "../support/temp-folder.js";
import { makeContext, run } from "./context.js";

type BashData = { stdout: string; exitCode: number; interrupted: boolean; cwd: string };

describe("Bash", () => {
  const bash = createBashTool();
  let root: string;
  before(async () => {
    root = tempFolder("tools");
    await fs.mkdir(path.join(root, "sub dir"));
  });
  after(() => removeFolder(root));

  it("interleaves stdout and stderr and carries a cd over to the next call", async () => {
    const context = makeContext(root);
    const first = await run(bash, { command: 'echo one; echo two >&2; echo three; cd "sub dir"' }, context);
    assert.equal(first.content, "one\ntwo\nthree");
    assert.equal(context.shell.cwd, path.join(root, "sub dir"));
    const second = await run(bash, { command: "pwd" }, context);
    assert.equal(second.content, path.join(root, "sub dir"));
    assert.equal((second.data as BashData).cwd, path.join(root, "sub dir"));
  });

  it("applies shell.env and baseEnv", async () => {
    const context = makeContext(root, { baseEnv: { PATH: "/usr/bin:/bin", ONLY_BASE: "b" } });
    context.shell.env = { FROM_HOOK: "it's here" };
    const command = ['echo "$FROM_HOOK/$ONLY_BASE/$', '{HOME:-unset}"'].join("");
    const result = await run(bash, { command }, context);
    assert.equal(result.content, "it's here/b/unset");
  });

  it("makes a non-zero exit an error starting with the exit code", async () => {
    const result = await run(bash, { command: "echo partial; exit 3" }, makeContext(root));
    assert.equal(result.isError && result.code, "exit_code");
    assert.equal(result.content, "Exit code 3\npartial");
    assert.equal((result.data as BashData).exitCode, 3);
  });

  it("gives commands an empty stdin so cat returns", async () => {
    const result = await run(bash, { command: "cat; echo done" }, makeContext(root));
    assert.equal(result.content, "done");
  });

  it("kills the whole process group on timeout, keeping the output so far", async () => {
    const context = makeContext(root);
    const result = await run(
      bash,
      { command: "echo started; sleep 30 & echo $! > bg.pid; sleep 30", timeout: 500 },
      context,
    );
    assert.equal(result.isError && result.code, "timeout");
    assert.match(result.content, /timed out after 500 ms[\s\S]*started/);
    assert.equal((result.data as BashData).interrupted, true);
    const backgroundPid = Number(await fs.readFile(path.join(root, "bg.pid"), "utf8"));
    // The kill is sent before the result returns, but the process may take a moment to go.
    assert.ok(
      await waitUntil(() => !running(backgroundPid)),
      `process ${backgroundPid} outlived the timeout`,
    );
  });

  it("stops on abort", async () => {
    const controller = new AbortController();
    const context = makeContext(root, { signal: controller.signal });
    const started = path.join(root, "abort-started");
    const pending = run(bash, { command: `echo before; touch '${started}'; sleep 20` }, context);
    // Abort once the command is known to have printed, however slow the machine is.
    await waitUntil(() => existsSync(started), 20_000);
    controller.abort();
    const result = await pending;
    assert.equal(result.isError && result.code, "aborted");
    assert.match(result.content, /before/);
  });

  it("bounds huge output, keeping head and tail", async () => {
    const result = await run(
      bash,
      { command: "echo FIRST; yes | head -c 20000000; echo; echo LAST" },
      makeContext(root),
    );
    assert.ok(result.content.length < 31_000, `content length ${result.content.length}`);
    assert.match(result.content, /^FIRST/);
    assert.match(result.content, /characters omitted/);
    assert.match(result.content, /LAST$/);
  });

  it("falls back to the project folder when the tracked cwd was removed", async () => {
    const context = makeContext(root);
    context.shell.cwd = path.join(root, "gone");
    const result = await run(bash, { command: "pwd" }, context);
    assert.match(result.content, /no longer exists/);
    assert.equal(context.shell.cwd, root);
  });
});
