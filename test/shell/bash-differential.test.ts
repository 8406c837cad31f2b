// Differential test of the Bash analysis against real bash: a seeded generator writes a few thousand
// command lines (quoting, parameters, $( ) and backquotes, here-documents, globs, braces, tildes,
// options, redirections, cd, subshells, groups, pipelines, nested `sh -c`); each runs in bash with
// its commands replaced by recorders that log their name, real folder and argv, and the files its
// redirections created are listed. For every line the analysis calls understood (no reason, every
// word and folder known), the commands, argv, folders and created files must be what bash did.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { analyseBash } from "../../src/shell/bash-analysis.js";
import { expandGlob } from "../../src/shell/bash-glob.js";
import { removeFolder, tempFolder, writeTree } from "../support/temp-folder.js";
import { generateLines } from "./bash-line-generator.js";

const LINES = Number(process.env.DIFFERENTIAL_LINES ?? 2000);
const SEED = 2027;
const RECORDED = ["cat", "ls", "wc", "head", "grep", "sort", "rec", "git"];
const SEP = "\u0001";
const END = "\u0002";

const root = realpathSync(tempFolder("differential"));
after(() => removeFolder(root));
const project = join(root, "project");
const home = join(root, "home");
const bin = join(root, "bin");
const lines = join(root, "lines");
const log = join(root, "log");

function plant(): void {
  writeTree(project, {
    "a.txt": "a\n",
    "b.md": "b\n",
    "c.md": "c\n",
    ".env": "x\n",
    ".hidden": "h\n",
    "weird name": "w\n",
    "e[x]": "e\n",
    "src/x.ts": "x\n",
    "src/y.ts": "y\n",
    "src/deep/z.ts": "z\n",
    "dir/inner.txt": "i\n",
  });
  mkdirSync(home, { recursive: true });
  mkdirSync(bin, { recursive: true });
  mkdirSync(lines, { recursive: true });
  symlinkSync(join(project, "dir"), join(project, "lnk"));
  symlinkSync(join(root, "home"), join(project, "src", "up"));
  const recorder = [
    "#!/bin/dash",
    "cd -P . 2>/dev/null",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax, not a template
    's="${0##*/}${SEP}${PWD}"',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax, not a template
    'for a; do s="$s${SEP}$a"; done',
    'printf \'%s\\002\' "$s" >> "$REC_LOG"',
    "",
  ].join("\n");
  for (const name of RECORDED) {
    writeFileSync(join(bin, name), recorder);
    chmodSync(join(bin, name), 0o755);
  }
  symlinkSync("/bin/dash", join(bin, "sh"));
}

/** Runs every line in its own subshell of one bash, logging records, then the files created. */
function runInBash(count: number): string {
  // At the top level the recorders are functions (no process each: the machine may be busy); their
  // argv is the same as a program's. Nested shells (`sh -c`) find the recorder programs on PATH.
  const functions = RECORDED.map((name) => `${name}() { record ${name} "$@"; }`);
  const driver = [
    "record() {",
    '  local s="$1" o="$PWD"; shift',
    '  builtin cd -P . && s="$s$SEP$PWD" && builtin cd "$o"',
    '  for a; do s="$s$SEP$a"; done',
    `  printf '%s${END}' "$s" >> "$REC_LOG"`,
    "}",
    ...functions,
    `for n in $(seq 0 ${count - 1}); do`,
    `  printf 'L${SEP}%s${END}' "$n" >> "$REC_LOG"`,
    `  ( cd "$P" && . "$LINES/$n" ) </dev/null >/dev/null 2>&1`,
    "  shopt -s nullglob",
    '  outs=("$P"/o* "$P"/src/o* "$P"/dir/o* "$P"/src/deep/o* "$HOME"/o* "$P"/../o*)',
    "  shopt -u nullglob",
    `  printf 'O' >> "$REC_LOG"; for f in "\${outs[@]}"; do printf '${SEP}%s' "$f" >> "$REC_LOG"; done`,
    `  printf '${END}' >> "$REC_LOG"`,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax, not a template
    '  if [ "${#outs[@]}" -gt 0 ]; then /bin/rm -rf -- "${outs[@]}"; fi',
    "done",
  ].join("\n");
  const result = spawnSync("/bin/bash", ["-c", driver], {
    env: {
      PATH: `${bin}:/usr/bin:/bin`,
      HOME: home,
      LC_ALL: "C",
      REC_LOG: log,
      SEP,
      P: project,
      LINES: lines,
    },
    timeout: 120_000,
  });
  assert.equal(result.status, 0, String(result.stderr));
  return readFileSync(log, "utf8");
}

type Record = { name: string; cwd: string; argv: string[] };

/** Per line: the recorded commands (as a set of JSON texts) and the files created. */
function parseLog(text: string): { commands: Set<string>; created: Set<string> }[] {
  const byLine: { commands: Set<string>; created: Set<string> }[] = [];
  for (const entry of text.split(END).filter(Boolean)) {
    const [head, ...fields] = entry.split(SEP);
    if (head === "L") {
      byLine.push({ commands: new Set(), created: new Set() });
      continue;
    }
    const current = byLine.at(-1);
    assert.ok(current && head !== undefined, `a record before the first line: ${JSON.stringify(entry)}`);
    if (head === "O") for (const file of fields) current.created.add(file);
    else {
      const [cwd, ...argv] = fields;
      assert.ok(cwd !== undefined, `a command record without its folder: ${JSON.stringify(entry)}`);
      current.commands.add(JSON.stringify({ name: head, cwd, argv } satisfies Record));
    }
  }
  return byLine;
}

/** The analysis's view of a line, or null when it does not call the line understood. */
function gateView(line: string): { commands: Set<string>; created: Set<string> } | null {
  const result = analyseBash(line, { cwd: project, logicalCwd: project, homeDir: home });
  if (result.kind !== "analysed" || result.reasons.length > 0) return null;
  const commands = new Set<string>();
  for (const command of result.commands) {
    const [first] = command.words;
    assert.ok(first, "an analysed command has a word");
    const name = first.value;
    if (name === null || command.cwd === null || command.cwd === undefined) return null;
    if (!RECORDED.includes(name)) continue;
    const argv: string[] = [];
    for (const word of command.words.slice(1)) {
      if (word.value !== null) argv.push(word.value);
      else if (word.glob !== undefined) {
        const matches = expandGlob(word.glob, command.cwd);
        if (matches === null || matches.length === 0) return null;
        argv.push(...matches);
      } else return null;
    }
    commands.add(JSON.stringify({ name, cwd: command.cwd, argv } satisfies Record));
  }
  const created = new Set<string>();
  // An input redirection of a missing file stops its command before it runs: not a reading to compare.
  if (result.accesses.some((access) => access.by === "the redirection <" && !existsSync(access.path ?? "")))
    return null;
  for (const access of result.accesses) {
    if (access.mode !== "write" || !access.by.startsWith("the redirection")) continue;
    if (access.path === null) return null;
    created.add(access.path);
  }
  return { commands, created };
}

test(`the analysis agrees with bash on every line it understands (${LINES} lines, seed ${SEED})`, () => {
  plant();
  const generated = generateLines(SEED, LINES);
  generated.forEach((line, index) => {
    writeFileSync(join(lines, String(index)), `${line}\n`);
  });
  const started = Date.now();
  const ran = parseLog(runInBash(generated.length));
  const bashMs = Date.now() - started;
  assert.equal(ran.length, generated.length);
  const disagreements: string[] = [];
  let understood = 0;
  generated.forEach((line, index) => {
    const view = gateView(line);
    if (view === null) return;
    understood += 1;
    const same = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((item) => b.has(item));
    const bash = ran[index];
    assert.ok(bash, "bash ran every line");
    if (!same(view.commands, bash.commands) || !same(view.created, bash.created))
      disagreements.push(
        `${JSON.stringify(line)}\n  gate: ${[...view.commands].join(" ")} ${[...view.created].join(" ")}\n  bash: ${[...bash.commands].join(" ")} ${[...bash.created].join(" ")}`,
      );
  });
  console.log(
    `differential: ${generated.length} lines, ${understood} understood, ${disagreements.length} disagreements, ${Date.now() - started} ms (bash ${bashMs} ms)`,
  );
  assert.ok(understood > generated.length / 6, `only ${understood} lines understood`);
  assert.deepEqual(disagreements.slice(0, 10), []);
});
