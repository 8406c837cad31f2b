// The parser of the understood Bash subset: what it reads exactly as bash does, what it keeps with a
// reason (the analysis is then uncertain) and what it refuses.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { parseBash } from "../../src/shell/bash-parser.js";
import type { Command, Script, Word } from "../../src/shell/bash-syntax.js";

/** Every simple command's words (raw), in the order they appear, nested ones included. */
function commands(script: Script): string[] {
  const out: string[] = [];
  const word = (w: Word) => {
    for (const part of w.parts)
      if (part.kind === "substitution" || part.kind === "process") visit(part.script);
  };
  const command = (c: Command) => {
    if (c.kind === "simple") {
      for (const w of [...c.words, ...c.assignments.map((a) => a.value), ...c.redirects.map((r) => r.target)])
        word(w);
      for (const r of c.redirects) if (r.hereDocument) word(r.hereDocument.body);
      out.push(c.words.map((w) => w.raw).join(" "));
      return;
    }
    if (c.kind === "if") {
      for (const b of c.branches) {
        visit(b.condition);
        visit(b.body);
      }
      if (c.otherwise) visit(c.otherwise);
    } else if (c.kind === "loop") {
      visit(c.condition);
      visit(c.body);
    } else visit(c.body);
  };
  const visit = (s: Script) => {
    for (const item of s) for (const p of item.pipelines) for (const c of p.commands) command(c);
  };
  visit(script);
  return out;
}

function parsed(source: string) {
  const result = parseBash(source);
  assert.equal(result.kind, "parsed", result.kind === "unparseable" ? result.reason : "");
  if (result.kind !== "parsed") throw new Error("unreachable");
  return result;
}

const read: [string, string[]][] = [
  ["a && b || c; d | e |& f & g\nh", ["a", "b", "c", "d", "e", "f", "g", "h"]],
  ["echo $(rm x) `id` <(ls) >(cat)", ["rm x", "id", "ls", "cat", "echo $(rm x) `id` <(ls) >(cat)"]],
  // A `)` inside a comment does not end $( ): bash reads to the newline.
  ["echo $(echo x # ) ; rm y\n)", ["echo x", "echo $(echo x # ) ; rm y\n)"]],
  ["if a; then b; elif c; then d; else e; fi > out", ["a", "b", "c", "d", "e"]],
  ["while read l; do echo $l; done < in", ["read l", "echo $l"]],
  ['for f in *.ts; do wc -l "$f"; done', ['wc -l "$f"']],
  ["{ a; b; } 2>&1 | tee log", ["a", "b", "tee log"]],
  ["(cd src && make) > build.log", ["cd src", "make"]],
  // A quoted here-document is data; an unquoted one's substitutions run.
  ["cat <<'EOF'\n$(rm x)\nEOF", ["cat"]],
  ["cat <<EOF\n$(rm x) and `id`\nEOF", ["rm x", "id", "cat"]],
  ["cat <<-EOF\n\t$(rm x)\n\tEOF\necho done", ["rm x", "cat", "echo done"]],
  ["cat <<A; cat <<B\n1\nA\n2\nB", ["cat", "cat"]],
  [
    "git commit -m \"$(cat <<'EOF'\nFix: a $(quoted) body\n\nEOF\n)\"",
    ["cat", "git commit -m \"$(cat <<'EOF'\nFix: a $(quoted) body\n\nEOF\n)\""],
  ],
  ["echo a#b # comment", ["echo a#b"]],
  ["x=1 y=$(id) cmd", ["id", "cmd"]],
];

describe("parseBash: read as bash reads it", () => {
  for (const [source, expected] of read) {
    test(JSON.stringify(source), () => assert.deepEqual(commands(parsed(source).script), expected));
  }

  test("redirections on fi, done, } and ) are kept", () => {
    for (const source of [
      "if a; then b; fi > /tmp/x",
      "while a; do b; done >> /tmp/x",
      "{ a; } > /tmp/x",
      "(a) > /tmp/x",
    ]) {
      const script = parsed(source).script;
      const command = script[0]?.pipelines[0]?.commands[0];
      assert.ok(command, source);
      assert.notEqual(command.kind, "simple");
      if (command.kind !== "simple") assert.equal(command.redirects[0]?.target.raw, "/tmp/x", source);
    }
  });

  test("a here-document body keeps its text", () => {
    const script = parsed("cat <<'EOF'\nline one\n  $(two)\nEOF").script;
    const command = script[0]?.pipelines[0]?.commands[0];
    assert.ok(command);
    assert.equal(command.kind, "simple");
    if (command.kind === "simple")
      assert.equal(command.redirects[0]?.hereDocument?.body.raw, "line one\n  $(two)\n");
  });
});

const noted: [string, RegExp][] = [
  ["echo $'\\x72m'", /ANSI-C quoting/],
  ["echo $'a\\' b'", /ANSI-C quoting/],
  ["echo ok\rrm -rf x", /control or invisible character \(U\+000D\)/],
  ["echo a\u0000b", /U\+0000/],
  ["echo a\u200bb", /U\+200B/],
  ["git\u00a0status", /U\+00A0/],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax, not a template
  ["echo ${x:-y}", /parameter expansion \$\{x:-y\}/],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax, not a template
  ["echo ${#x}", /parameter expansion/],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax, not a template
  ["echo ${!x}", /parameter expansion/],
  ["cat <(ls)#x", /text directly after a process substitution/],
  ["echo `echo \\`id\\``", /backslashes inside backquotes/],
  ["cat <<< $(id)", /here-string/],
  ["a[1]=x cmd", /array element assignment/],
  ['echo $"hello"', /locale-translated/],
];

describe("parseBash: read, with a reason that makes the analysis uncertain", () => {
  for (const [source, reason] of noted) {
    test(JSON.stringify(source), () => {
      const result = parsed(source);
      assert.ok(
        result.reasons.some((text) => reason.test(text)),
        result.reasons.join(" | "),
      );
    });
  }
  test("ordinary commands have no reason", () => {
    for (const source of [
      "git status",
      "npm test -- --grep 'a b'",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax, not a template
      'echo "$HOME" ${HOME} $1 $@',
      "ls | wc -l",
    ]) {
      assert.deepEqual(parsed(source).reasons, [], source);
    }
  });
});

const refused: [string, RegExp][] = [
  ["case $x in a) rm x;; esac", /case/],
  ["[[ $a -eq 1 ]] && rm x", /\[\[/],
  ["(( x = 1 ))", /arithmetic/],
  ["echo $(( 1 + 2 ))", /arithmetic/],
  ["echo $[1+2]", /arithmetic/],
  ["f() { rm x; }; f", /function/],
  ["function f { rm x; }", /function/],
  ["coproc rm x", /coproc/],
  ["select x in a; do rm x; done", /select/],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax, not a template
  ["echo ${a[$(id)]}", /substitution inside/],
  ["for ((i=0;i<3;i++)); do rm x; done", /arithmetic/],
  ["a=(1 2)", /array/],
  ["exec {fd}>/tmp/x", /named file descriptors/],
  ["echo 'open", /single quote/],
  ['echo "open', /double quote/],
  ["echo $(open", /\$\( \)/],
  ["echo `open", /backquote/],
  ["cat <<EOF\nno end", /here-document/],
  ["x=$(cat <<EOF\nbody\nEOF)", /here-document/],
  ["echo x >", /without a target/],
  ["if a; then b", /'fi' is missing/],
  ["fi", /unexpected 'fi'/],
  ["echo a )", /unexpected '\)'/],
  ["a ;; b", /case/],
  ["cat <<$X\n$X", /delimiter with an expansion/],
];

describe("parseBash: refused (unparseable)", () => {
  for (const [source, reason] of refused) {
    test(JSON.stringify(source), () => {
      const result = parseBash(source);
      assert.equal(result.kind, "unparseable");
      if (result.kind === "unparseable") assert.match(result.reason, reason);
    });
  }
});
