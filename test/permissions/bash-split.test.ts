import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { redirectWriteTargets } from "../../src/permissions/bash-pattern.js";
import { splitBashCommand } from "../../src/permissions/bash-split.js";

function commands(command: string): string[] | string {
  const result = splitBashCommand(command);
  if (result.kind === "unparseable") return `unparseable: ${result.reason}`;
  return result.commands.map((part) => part.words.join(" "));
}

const cases: [string, string[]][] = [
  ["npm test", ["npm test"]],
  ["npm test && rm -rf x", ["npm test", "rm -rf x"]],
  ["a || b; c | d |& e & f\ng", ["a", "b", "c", "d", "e", "f", "g"]],
  ["echo $(rm x)", ["rm x", "echo "]],
  ["echo `rm x`", ["rm x", "echo "]],
  ['echo "in $(rm x) quotes"', ["rm x", "echo in  quotes"]],
  ["echo $(echo $(rm x))", ["rm x", "echo ", "echo "]],
  ["bash -c 'rm x && ls'", ["bash -c rm x && ls", "rm x", "ls"]],
  ['sh -c "rm \\"a b\\""', ['sh -c rm "a b"', "rm a b"]],
  ["FOO=1 BAR=2 rm x", ["rm x"]],
  ["rm x # npm test", ["rm x"]],
  ["echo a#b", ["echo a#b"]],
  ["echo 'a && b' \"c ; d\"", ["echo a && b c ; d"]],
  ["echo a\\&\\&b", ["echo a&&b"]],
  ["npm test \\\n  --watch", ["npm test --watch"]],
  ["{ a; b; }", ["a", "b"]],
  ["(cd x && make) > log 2>&1", ["cd x", "make", ""]],
  ["[ -f x ] && cat x", ["[ -f x ]", "cat x"]],
];

describe("splitBashCommand", () => {
  for (const [command, expected] of cases) {
    test(JSON.stringify(command), () => assert.deepEqual(commands(command), expected));
  }

  const unparseable: [string, RegExp][] = [
    ["cat <<EOF\nx\nEOF", /heredocs/],
    ["echo 'open", /single quote/],
    ['echo "open', /double quote/],
    ["echo $(open", /\$\( \)/],
    ["echo `open", /backtick/],
    ["$CMD arg", /expansion/],
    ["`which rm` x", /expansion/],
    ["r* x", /expansion/],
    ["case $x in a) rm x;; esac", /case/],
    ["echo $((1 + 2))", /arithmetic/],
    ['bash -c "$SCRIPT"', /expansion/],
    ["echo x >", /without a target/],
  ];
  for (const [command, reason] of unparseable) {
    test(`unparseable: ${JSON.stringify(command)}`, () => {
      const result = splitBashCommand(command);
      assert.equal(result.kind, "unparseable");
      if (result.kind === "unparseable") assert.match(result.reason, reason);
    });
  }

  test("redirections are kept apart and write targets are reported", () => {
    const result = splitBashCommand("npm test > out.txt 2>&1 >> log < in 2>/dev/null &> all");
    assert.equal(result.kind, "ok");
    if (result.kind !== "ok") return;
    assert.deepEqual(result.commands[0].words, ["npm", "test"]);
    assert.deepEqual(redirectWriteTargets(result.commands[0].redirections), ["out.txt", "log", "all"]);
  });
});
