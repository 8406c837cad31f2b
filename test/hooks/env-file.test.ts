// CLAUDE_ENV_FILE reading: the shapes hooks write (plain exports, quoted values, `$NAME` expansions,
// `direnv export bash` lines with `;` and $'…', unsets) and what is refused. Each case is also run
// through bash to prove the expected values are what sourcing the file would give.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";
import { parseEnvFile } from "../../src/hooks/env-file.js";

const inherited = { HOME: "/home/dev", PATH: "/usr/bin:/bin", KEEP: "kept" };
const lookup = (name: string) => inherited[name as keyof typeof inherited];

/** What bash itself makes of `text` for `names`, starting from `inherited`. */
function sourced(text: string, names: string[]): Record<string, string | null> {
  const script = `${text}\n${names.map((name) => `if [ -n "\${${name}+x}" ]; then printf '%s\\0' "$${name}"; else printf '\\1\\0'; fi`).join("\n")}`;
  const out = execFileSync("bash", ["-c", script], { env: inherited, encoding: "utf8" });
  const values = out.split("\0").slice(0, names.length);
  return Object.fromEntries(
    names.map((name, index) => [name, values[index] === "\x01" ? null : values[index]!]),
  );
}

function check(text: string, names: string[]) {
  const parsed = parseEnvFile(text, lookup);
  assert.deepEqual(parsed.invalid, [], text);
  const expected = sourced(text, names);
  for (const name of names) {
    const ours = parsed.unset.includes(name)
      ? null
      : name in parsed.exports
        ? parsed.exports[name]
        : (lookup(name) ?? null);
    assert.equal(ours, expected[name], `${name} in:\n${text}`);
  }
}

test("plain, quoted and expanded assignments read as bash sources them", () => {
  check('export NODE_ENV=production\nexport GREETING=\'hello world\'\nLEVEL="debug \\"quoted\\""', [
    "NODE_ENV",
    "GREETING",
    "LEVEL",
  ]);
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax, not a template
  check('export PATH="$HOME/bin:$PATH"\nexport BIN=${HOME}/.local/bin\nexport BOTH="$PATH|$BIN"', [
    "PATH",
    "BIN",
    "BOTH",
  ]);
  check("# a comment\n\ndeclare -x TOOL=a=b\nexport EMPTY=", ["TOOL", "EMPTY"]);
});

test("direnv export bash: one line of ;-separated statements with $'…' values, and unsets", () => {
  check(
    "export DIRENV_DIR=-/srv/app;export SECRET=$'tab\\there\\nnew line \\'q\\' \\x41\\101';export PLAIN=x;unset KEEP;",
    ["DIRENV_DIR", "SECRET", "PLAIN", "KEEP"],
  );
  check("export A=1;unset A\nexport B=2;export A=3", ["A", "B"]);
});

test("what cannot be read without running code is reported, not guessed", () => {
  for (const line of [
    "export NOW=$(date)",
    "export WHEN=`date`",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax, not a template
    'export X="${HOME:-/tmp}"',
    "source ~/.profile",
    "export ONLY",
    "FOO=bar make",
    "export BROKEN='unclosed",
  ]) {
    const parsed = parseEnvFile(`${line}\nexport OK=yes`, lookup);
    assert.equal(parsed.invalid.length, 1, `${line}: ${JSON.stringify(parsed)}`);
    assert.equal(parsed.exports.OK, "yes", `${line}: the next line still counts`);
    for (const name of ["NOW", "WHEN", "X", "ONLY", "FOO"])
      assert.equal(parsed.exports[name], undefined, line);
  }
});
