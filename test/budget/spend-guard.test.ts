// The spend guard over a real ledger folder: a torn last line (another session mid-write) is left for
// the next look, a new local day starts the count again, a ledger that cannot be written or read still
// counts this session and says so, and settings layers can lower a cap but never raise it.
import assert from "node:assert/strict";
import { appendFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { SpendGuard } from "../../src/budget/index.js";
import { ledgerFile } from "../../src/budget/usage-ledger-file.js";
import { mergeBudgetSettings } from "../../src/config/budget-settings.js";
import { removeFolder, tempFolder } from "../support/temp-folder.js";

const folders: string[] = [];
after(() => {
  for (const folder of folders) removeFolder(folder);
});
const folder = () => {
  const made = tempFolder("budget");
  folders.push(made);
  return made;
};
const usage = (input: number) => ({ input_tokens: input, output_tokens: 0 });
/** A cent per input token for "m"; "free-m" has no price. */
const cost = (model: string, spent: { input_tokens: number }) =>
  model === "m" ? spent.input_tokens / 100 : undefined;

function guardAt(dir: string, clock: { now: Date }, warnings: string[] = [], daily = 1) {
  return new SpendGuard({
    caps: { daily: { usd: daily, source: "settings.json" }, perModel: {} },
    ledgerDir: dir,
    sessionId: "s1",
    project: "/p",
    cost,
    warn: (message) => warnings.push(message),
    interactive: false,
    now: () => clock.now,
  });
}

test("another session's torn last line waits for the next look; a new day starts from zero", () => {
  const dir = folder();
  const clock = { now: new Date(2026, 11, 2, 23, 0) };
  const guard = guardAt(dir, clock);
  guard.record({ model: "m", usage: usage(40) });
  const line = JSON.stringify({ ts: clock.now.toISOString(), model: "m", cost_usd: 0.5, session: "s2" });
  const file = ledgerFile(dir, clock.now);
  appendFileSync(file, line.slice(0, 20));
  assert.equal(guard.today().totalUsd, 0.4, "the half line is not read");
  appendFileSync(file, `${line.slice(20)}\n`);
  assert.equal(guard.today().totalUsd, 0.9);
  assert.equal(guard.exceeded("m"), undefined);
  guard.record({ model: "m", usage: usage(10) });
  assert.match(
    guard.exceeded("m") ?? "",
    /today's spend across all sessions is \$1\.00, reaching the daily cap of \$1\.00 \(budget\.dailyUsd in settings\.json\)/,
  );
  clock.now = new Date(2026, 11, 3, 0, 5);
  assert.equal(guard.today().totalUsd, 0);
  assert.equal(guard.exceeded("m"), undefined, "a new day");
  assert.equal(guard.totalCostUsd, 0.5, "the session's own cost is kept");
});

test("an unwritable ledger: said once, and the daily cap still counts this session", () => {
  // A file where the ledger's folder should be: no account, root included, can make it.
  const blocker = join(folder(), "state");
  writeFileSync(blocker, "");
  const warnings: string[] = [];
  const guard = guardAt(join(blocker, "usage"), { now: new Date() }, warnings, 0.3);
  guard.record({ model: "m", usage: usage(20) });
  guard.record({ model: "m", usage: usage(20) });
  assert.equal(
    warnings.filter((message) => message.startsWith("could not write the usage ledger")).length,
    1,
  );
  assert.match(guard.exceeded("m") ?? "", /today's spend across all sessions is \$0\.4000/);
});

test("an unpriced model is named and never counted as free; settings layers only lower caps", () => {
  const warnings: string[] = [];
  const guard = guardAt(folder(), { now: new Date() }, warnings);
  guard.record({ model: "free-m", usage: usage(1000) });
  guard.record({ model: "free-m", usage: usage(1000) });
  assert.deepEqual([...guard.unpriced], ["free-m"]);
  assert.equal(warnings.length, 1);
  assert.match(warnings[0]!, /no price is known for free-m: .*cannot be enforced/);
  const merged = mergeBudgetSettings([
    { source: "~/.agents/settings.json", budget: { dailyUsd: 5, perModelUsd: { m: 2 } } },
    { source: ".claude/settings.json", budget: { dailyUsd: 50, sessionUsd: 1, perModelUsd: { m: 1 } } },
  ]);
  assert.deepEqual(merged, {
    dailyUsd: { usd: 5, source: "~/.agents/settings.json" },
    sessionUsd: { usd: 1, source: ".claude/settings.json" },
    perModelUsd: { m: { usd: 1, source: ".claude/settings.json" } },
  });
});
