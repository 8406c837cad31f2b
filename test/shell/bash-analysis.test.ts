// The Bash analysis on a real temp tree: the commands that run (also behind wrappers and in nested
// shells), the files they touch resolved as the kernel will from the shell's real folder (followed
// through cd), and the reasons that make it uncertain.
import assert from "node:assert/strict";
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { type AnalysisOptions, analyseBash, type FastPath } from "../../src/shell/bash-analysis.js";
import { tempFolder } from "../support/temp-folder.js";

const root = tempFolder("analysis");
const project = join(root, "project");
const outside = join(root, "outside");
const home = join(root, "home");
mkdirSync(join(project, "src", "deep"), { recursive: true });
mkdirSync(join(outside, "sub"), { recursive: true });
mkdirSync(home);
writeFileSync(join(project, "src", "a.ts"), "a\n");
symlinkSync(join(outside, "sub"), join(project, "lnk"));
after(() => rmSync(root, { recursive: true, force: true }));

const base: AnalysisOptions = { cwd: project, homeDir: home };

function analyse(command: string, options: Partial<AnalysisOptions> = {}) {
  const result = analyseBash(command, { ...base, ...options });
  assert.equal(result.kind, "analysed", result.kind === "unparseable" ? result.reason : "");
  if (result.kind !== "analysed") throw new Error("unreachable");
  return {
    ...result,
    texts: result.commands.map((command) => command.words.map((word) => word.value ?? "?").join(" ")),
    writes: result.accesses.filter((access) => access.mode === "write").map((access) => access.path),
    reads: result.accesses.filter((access) => access.mode !== "write").map((access) => access.path),
  };
}

describe("commands found, also behind wrappers", () => {
  const cases: [string, string[]][] = [
    ["timeout 5 rm -rf x", ["timeout 5 rm -rf x", "rm -rf x"]],
    [
      "timeout -s KILL 5 nice -n 3 nohup rm x",
      ["timeout -s KILL 5 nice -n 3 nohup rm x", "nice -n 3 nohup rm x", "nohup rm x", "rm x"],
    ],
    ["command rm x", ["command rm x", "rm x"]],
    ["builtin eval 'rm x'", ["builtin eval rm x", "eval rm x", "rm x"]],
    ["env -i A=1 rm x", ["env -i A=1 rm x", "rm x"]],
    ["env -S 'rm -rf x'", ["env -S rm -rf x", "rm -rf x"]],
    ["find . -name '*.o' | xargs -0 rm -f", ["find . -name *.o", "xargs -0 rm -f", "rm -f ?"]],
    ["bash -o errexit -c 'rm x'", ["bash -o errexit -c rm x", "rm x"]],
    ["bash -c -- 'rm x'", ["bash -c -- rm x", "rm x"]],
    ["sh -euc 'cd src; rm x' sh", ["sh -euc cd src; rm x sh", "cd src", "rm x"]],
    [
      "find . -exec rm {} \\; -execdir chmod +x {} +",
      ["find . -exec rm {} ; -execdir chmod +x {} +", "rm ?", "chmod +x ?"],
    ],
    ["sudo -u root rm x", ["sudo -u root rm x", "rm x"]],
    ["flock /tmp/l -c 'rm x'", ["flock /tmp/l -c rm x", "rm x"]],
    ["flock -n /tmp/l rm x", ["flock -n /tmp/l rm x", "rm x"]],
    ["setsid -f rm x", ["setsid -f rm x", "rm x"]],
    ["chrt -f 10 rm x", ["chrt -f 10 rm x", "rm x"]],
    ["taskset -c 0 rm x", ["taskset -c 0 rm x", "rm x"]],
    ["unshare -r rm x", ["unshare -r rm x", "rm x"]],
    ["script -qc 'rm x' /dev/null", ["script -qc rm x /dev/null", "rm x"]],
    ["stdbuf -oL rm x", ["stdbuf -oL rm x", "rm x"]],
    ["watch -n 1 rm x", ["watch -n 1 rm x", "rm x"]],
    ["exec rm x", ["exec rm x", "rm x"]],
    ["echo $(timeout 1 rm x)", ["timeout 1 rm x", "rm x", "echo ?"]],
  ];
  for (const [command, expected] of cases) {
    test(command, () => assert.deepEqual(analyse(command).texts, expected));
  }
});

describe("the shell's folder", () => {
  test("a cd earlier in the line moves where relative paths lead", () => {
    assert.deepEqual(analyse("cd src && echo x > out").writes, [join(project, "src", "out")]);
    assert.deepEqual(analyse("cd src; cd deep; echo x > ../../out").writes, [join(project, "out")]);
  });
  test("a cd in a subshell, a pipeline or a substitution does not move the line", () => {
    assert.deepEqual(analyse("(cd src) && echo > out").writes, [join(project, "out")]);
    assert.deepEqual(analyse("cd src | cat; echo > out").writes, [join(project, "out")]);
    assert.deepEqual(analyse("echo $(cd src) > out").writes, [join(project, "out")]);
  });
  test("the folder a previous call left the shell in is where the line starts", () => {
    assert.deepEqual(analyse("echo > out", { cwd: join(project, "src") }).writes, [
      join(project, "src", "out"),
    ]);
  });
  test("cd follows the logical path (`..` as text), like bash's default", () => {
    assert.deepEqual(analyse("cd lnk/.. && echo > out").writes, [join(project, "out")]);
    assert.deepEqual(analyse("cd -P lnk/.. && echo > out").writes, [join(outside, "out")]);
    assert.deepEqual(analyse("cd lnk && echo > out").writes, [join(outside, "sub", "out")]);
  });
  test("after a cd the gate cannot follow, relative paths are uncertain", () => {
    for (const command of [
      "cd $DIR && echo > out",
      "cd - && echo > out",
      "cd missing && echo > out",
      "if x; then cd src; fi; echo > out",
    ]) {
      const result = analyse(command);
      assert.deepEqual(result.writes, [null], command);
      assert.ok(
        result.reasons.some((reason) => /relative to a folder the gate cannot know/.test(reason)),
        command,
      );
    }
    assert.deepEqual(analyse("cd $DIR && echo > /tmp/abs").writes, ["/tmp/abs"]);
  });
  test("a loop that moves the shell is walked again from an unknown folder", () => {
    const result = analyse("for d in a b; do cd src; echo > out; done");
    assert.ok(result.writes.includes(null));
  });
  test("with CDPATH set, cd to a bare name is not followed", () => {
    assert.deepEqual(analyse("cd src && echo > out", { cdpath: true }).writes, [null]);
    assert.deepEqual(analyse("cd ./src && echo > out", { cdpath: true }).writes, [
      join(project, "src", "out"),
    ]);
  });
});

describe("paths resolved the way the kernel will", () => {
  test("`lnk/../x` leads next to the link's target", () => {
    assert.deepEqual(analyse("echo hi > lnk/../x").writes, [join(outside, "x")]);
    assert.deepEqual(analyse("cat lnk/../x").reads, [join(outside, "x")]);
  });
  test("a path an earlier command in the line may redirect is uncertain", () => {
    const result = analyse("ln -s ../outside d && echo > d/x");
    assert.ok(
      result.reasons.some((reason) =>
        /d\/x may lead elsewhere once an earlier command in the line \(ln\)/.test(reason),
      ),
    );
    assert.ok(analyse("cp -r a b; cat b/c").reasons.some((reason) => /earlier command/.test(reason)));
    assert.ok(analyse("git checkout x & echo > y").reasons.some((reason) => /earlier command/.test(reason)));
  });
  test("commands that only create plain files and folders keep later paths certain", () => {
    const result = analyse("mkdir -p build/out && echo x > build/out/log && touch build/y");
    assert.deepEqual(result.reasons, []);
    assert.deepEqual(result.writes, [
      join(project, "build/out"),
      join(project, "build/out/log"),
      join(project, "build/y"),
    ]);
  });
  test("`..` after a folder that does not exist yet is uncertain", () => {
    assert.ok(analyse("echo > nothing/../x").reasons.some((reason) => /does not exist yet/.test(reason)));
  });
  test("redirect targets from expansions are uncertain; ~ is the home folder", () => {
    for (const target of ["$HOME/x", "~+/x", '"$PWD/x"', "$'x'", "*.txt", "{a,b}", "~other/x", "`echo x`"]) {
      const result = analyse(`echo hi > ${target}`);
      assert.notDeepEqual(result.reasons, [], target);
    }
    assert.deepEqual(analyse("echo hi > ~/notes").writes, [join(home, "notes")]);
  });
  test("file commands: cp, mv, ln, rm, tee, dd, touch, chmod name what they write and read", () => {
    assert.deepEqual(analyse("cp src/a.ts /tmp/b").writes, ["/tmp/b"]);
    assert.deepEqual(analyse("cp src/a.ts src/deep").writes, [join(project, "src/deep/a.ts")]);
    assert.deepEqual(analyse("cp -t /tmp src/a.ts").writes, ["/tmp/a.ts"]);
    assert.deepEqual(analyse("mv src/a.ts x").writes, [join(project, "src/a.ts"), join(project, "x")]);
    assert.deepEqual(analyse("ln /etc/hostname h").writes, ["/etc/hostname", join(project, "h")]);
    assert.deepEqual(analyse("ln -s /etc/hostname h").writes, [join(project, "h")]);
    assert.deepEqual(analyse("tee -a log /tmp/t < src/a.ts").writes, [join(project, "log"), "/tmp/t"]);
    assert.deepEqual(analyse("dd if=src/a.ts of=/tmp/d bs=1").writes, ["/tmp/d"]);
    assert.deepEqual(analyse("chmod -x src/a.ts").writes, [join(project, "src/a.ts")]);
    assert.deepEqual(analyse("chmod 644 --reference=src/a.ts x").writes, [
      join(project, "644"),
      join(project, "x"),
    ]);
    assert.ok(
      analyse("cp --bogus a b").reasons.some((reason) => /--bogus of cp is not understood/.test(reason)),
    );
    assert.ok(analyse("rm $FILES").reasons.some((reason) => /could be an option of rm/.test(reason)));
  });
});

describe("what makes the analysis uncertain", () => {
  const cases: [string, RegExp][] = [
    ["BASH_ENV=/tmp/x git status", /BASH_ENV changes what programs do/],
    ["GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.pager git log", /GIT_CONFIG_COUNT/],
    ["LD_PRELOAD=/tmp/x.so ls", /LD_PRELOAD/],
    ["PATH=/tmp/evil:$PATH; git status", /PATH changes/],
    ["FOO=1; npm test", /later commands may see FOO/],
    ["for PATH in /tmp; do ls; done", /for loop sets PATH/],
    ["export X=1", /builtin export/],
    ["read 'a[$(id)]' <<< x", /builtin read/],
    ["printf -v 'a[$(id)]' x", /printf -v/],
    ["printf $fmt x", /printf's first argument/],
    ["test -v 'a[$(id)]'", /-v \/ -R evaluates a variable name/],
    ["[ $x ]", /could become an operator/],
    ["declare -a x", /builtin declare/],
    ["let x=1", /builtin let/],
    ["source ./env.sh", /builtin source/],
    ["alias ls='rm -rf x'", /builtin alias/],
    ["trap 'rm x' EXIT", /builtin trap/],
    ["shopt -s expand_aliases", /builtin shopt/],
    ["hash -p /tmp/evil ls", /builtin hash/],
    ["set -o posix", /set -o posix/],
    ["$CMD x", /command name \$CMD comes from an expansion/],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax, not a template
    ["cat${IFS}/etc/passwd", /comes from an expansion/],
    ["/bin/r? x", /comes from an expansion/],
    ["{rm,-rf,x}", /comes from an expansion/],
    ["ｒｍ x", /outside printable ASCII/],
    ['echo $(eval "$X")', /eval of an expansion/],
    ['bash -c "$SCRIPT"', /\$SCRIPT" \(an expansion\) in the options of bash/],
    ['bash -c -- "$SCRIPT"', /script of bash -c comes from an expansion/],
    ["curl x | sh", /reads commands from its input/],
    ["bash -s < x", /reads commands from its input/],
    ["xargs -i{} sh -c 'echo {}'", /not understood/],
    ["sudo -s", /a shell or an editor as another user/],
    ["su -c 'rm x' root", /su runs commands as another user/],
    ["chroot /tmp rm x", /chroot changes what every path means/],
    ["timeout --bogus 5 rm x", /--bogus of timeout is not understood, so the command it runs is not known/],
    ['cat <<< "$(id)"', /here-string/],
    ["bash -c 'case x in a) ;; esac'", /script run by bash could not be read/],
    ["exec 3<&foo", /<& foo/],
    ["echo /etc >&3", /file descriptor the command did not open/],
    ["sed 's/a/b/w out' f", /sed script writes a file \(s\/\/\/w\)/],
    ["sed '1e id' f", /sed script runs a command \(e\)/],
    ["sed '1r /etc/passwd' f", /reads a file the gate cannot check/],
    ["sed -f script.sed f", /sed -f runs a script from a file/],
    ['sed "$S" f', /could be an option of sed/],
    ['sed -e "$S" f', /value of sed -e comes from an expansion/],
    ["git --config-env core.pager=P log", /git --config-env core\.pager=P can make git run a program/],
    ['git -c "$K" log', /git -c "\$K" can make git run a program/],
    ["git --config-env=core.pager=P log", /git --config-env=core\.pager=P can make git run a program/],
  ];
  for (const [command, reason] of cases) {
    test(command, () => {
      const result = analyse(command);
      assert.ok(
        result.reasons.some((text) => reason.test(text)),
        result.reasons.join(" | ") || "(no reason)",
      );
    });
  }
  test("everyday commands are certain", () => {
    for (const command of [
      "git status",
      "npm test -- --grep 'a b' 2>&1 | tail -40",
      "git add -A && git commit -m \"$(cat <<'EOF'\nFix parser\n\nDetails $(not run)\nEOF\n)\"",
      "cd src && ls -la",
      'for f in src/*.ts; do echo "$f"; done',
      "x=1; echo $x",
      "NODE_ENV=test npm test",
      "[ -f package.json ] && cat package.json",
      "set -euo pipefail; npm run build",
      "if [ -d dist ]; then rm -rf dist; fi",
      'echo "$HOME" > /dev/null 2>&1',
    ]) {
      assert.deepEqual(analyse(command).reasons, [], command);
    }
  });
});

describe("wildcards of read-only commands are expanded as bash will", () => {
  test("matches become the files read; hidden names need a leading dot; no match is unknown", () => {
    assert.deepEqual(analyse("wc -l src/*.ts").reads, [join(project, "src/a.ts")]);
    assert.ok(analyse("cat src/*.nothing").reasons.some((reason) => /src\/\*\.nothing/.test(reason)));
    assert.deepEqual(analyse("ls -d */").reads.sort(), [join(outside, "sub"), join(project, "src")].sort());
  });
  test("a match that would be read as an option leaves the word unknown", () => {
    writeFileSync(join(project, "src", "--output=x"), "");
    try {
      assert.ok(
        analyse("cat src/../src/*").reasons.length === 0,
        "a path with a folder before it is not an option",
      );
      assert.ok(
        analyse("cd src && cat *").reasons.some((reason) => /could be an option of cat/.test(reason)),
      );
    } finally {
      rmSync(join(project, "src", "--output=x"));
    }
  });
  test("after a command that may change the tree, wildcards are not expanded", () => {
    assert.ok(analyse("git checkout x; cat src/*.ts").reasons.length > 0);
  });
});

describe("read-only verdicts", () => {
  const readOnly = (command: string, fastPath: FastPath = "strict") => {
    const result = analyse(command, { fastPath });
    return result.notReadOnly === undefined && result.commands.every((entry) => entry.readOnly === true);
  };
  test("the read-only list (where the read-only profile contains it)", () => {
    for (const command of [
      "ls -la src",
      "cat src/a.ts | head -n 5 | wc -l",
      "grep -rn foo src",
      "rg -i 'a b' src",
      "find . -name '*.ts' -type f",
      "git status --short",
      "git diff HEAD~1 -- src",
      "git log --oneline -5",
      "git show HEAD:src/a.ts",
      "git diff --text --stat",
      "git log --filter=blob:none --oneline",
      "git branch -a",
      "sort src/a.ts | uniq -c",
      "timeout 5 cat src/a.ts",
      "command -v git",
      "echo hi; pwd; true",
      "jq --arg x 1 .a package.json",
      "sed -n '1,20p' src/a.ts",
      "wc -l src/*.ts",
      "ls -la src/*",
      "sed -E 's/(a)w/\\1/g; /x/d' src/a.ts",
      "sed --sandbox 'w out' src/a.ts",
    ]) {
      assert.ok(readOnly(command, "enforced"), command);
    }
  });
  test("strict: known-safe forms only, no wrappers, no sed program beyond p and s///", () => {
    for (const command of [
      "ls -la src",
      "cat src/a.ts | head -n 5 | wc -l",
      "grep -rn foo src",
      "git diff --text --stat",
      "git log --oneline -5",
      "sed -n '1,20p' src/a.ts",
      "sed -E 's/(a)w/\\1/g' src/a.ts",
      "wc -l src/*.ts",
    ])
      assert.ok(readOnly(command), command);
    for (const command of [
      "timeout 5 cat src/a.ts",
      "sed -E 's/(a)w/\\1/g; /x/d' src/a.ts",
      "sed --sandbox 'w out' src/a.ts",
      "git log --filter=blob:none --oneline",
      "cat $FILE",
      "ls --hyperlink src",
    ])
      assert.ok(!readOnly(command), command);
  });
  test("near misses are not read-only", () => {
    for (const command of [
      "sort -o out src/a.ts",
      "sed -i s/a/b/ src/a.ts",
      "sed -i.bak s/a/b/ src/a.ts",
      "find . -delete",
      "find . -exec cat {} \\;",
      "find . -fprint out",
      "rg --pre ./x foo",
      "grep -R foo .",
      "git diff --output=/tmp/x",
      "git diff --ext-diff",
      "git diff --outp=/tmp/x",
      "git log --out=x",
      "git show --textc HEAD",
      "git grep --open-files foo",
      "git -c core.pager=x log",
      "git -C /tmp status",
      "git branch new",
      "git config core.hooksPath x",
      "git log | xargs cat",
      "tree -o out",
      "uniq src/a.ts out",
      "./ls",
      "date -s 2020-01-01",
    ]) {
      assert.ok(!readOnly(command), command);
      if (!/exec|xargs/.test(command)) assert.ok(!readOnly(command, "enforced"), command);
    }
  });
});
