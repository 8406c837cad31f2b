// The seeded generator of the differential test's command lines: words from quoting, parameters,
// substitutions, globs, braces, tildes and options; commands with assignments and redirections;
// lines joined by ;, &&, pipelines, groups, subshells, if, cd and nested `sh -c`, plus here-documents.
// The same seed always gives the same lines.

/** mulberry32: a small seeded generator of numbers in [0, 1). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  "a.txt",
  "b.md",
  "src",
  "src/x.ts",
  "x",
  "-n",
  "-la",
  "--opt=v",
  "--include=*.md",
  "'a b'",
  '"a b"',
  '"$HOME"',
  "'$HOME'",
  "\"a\"'b'c",
  '\\"x',
  "a\\ b",
  '"\\$x"',
  "$HOME",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax, not a template
  "${HOME}",
  '"$HOME/x"',
  "$(cat a.txt)",
  '"$(rec in)"',
  "`rec tick`",
  "*.txt",
  "src/*.ts",
  ".e[!x]v",
  ".e[^x]v",
  ".[a-z]*",
  "s?c/*",
  "*/",
  "[ab].md",
  '"*".txt',
  "\\*",
  "*.nomatch",
  "e\\[x]",
  "'e[x]'",
  "e[x]",
  "[[:alpha:]].txt",
  "{a,b}.txt",
  '{"x",y}',
  "x{1..3}",
  "{}",
  "{a}",
  '{"a,b"}',
  "a,b",
  "~",
  "~/x",
  '~"/x"',
  "x=~/y",
  "--a=~/b",
  "~root",
  "''",
  '""',
  "a#b",
  "#c",
  "weird\\ name",
  '"weird name"',
  "src/deep/*.ts",
  "*/*.ts",
  "lnk/..",
  "src/up/../a.txt",
  "$'a\\tb'",
  "-",
  "--",
];
const NAMES = ["cat", "ls", "wc", "head", "grep", "sort", "rec", "git"];
const REDIRECTS = [
  "> o1",
  '>> "o 2"',
  "2> o3",
  "&> o4",
  "> ~/o5",
  '> "$HOME/o6"',
  "> o{7,8}",
  "< a.txt",
  "> /dev/null",
  ">o9",
  "1>o10",
  "2>&1",
  "> 'o11'",
  "> o\\12",
  ">| o13",
];
/** Folder changes that never leave the test's temporary folder (outputs are listed there). */
const CDS = [
  "cd src",
  "cd lnk/..",
  'cd "dir"',
  "cd ~",
  "cd ../project",
  "cd src/deep",
  "cd src/up/..",
  "cd src/up",
];
const HERE_DOCUMENTS = [
  "cat <<EOF\nbody $HOME $(rec inside)\nEOF",
  "cat <<'EOF'\n$(rec quoted)\nEOF",
  "cat <<-EOF\n\tindented\n\tEOF",
  'cat <<"E O"\nx\nE O',
  "rec a <<EOF\nEOF",
  'cat <<EOF; rec "$(\nrec hidden\nEOF\n)"\nEOF',
  "cat <<EOF; rec `\nrec hidden\nEOF\n`\nEOF",
  "cat <<A <<B\none\nA\ntwo\nB",
  "cat <<EOF\n$(rec one\nrec two)\nEOF",
];
const SHAPES = [
  "{ rec a; rec b; } > o14",
  "( rec a ) 2> o15",
  "rec a \\\n b",
  "rec a # rec b",
  "rec \"a;b\" 'c|d'",
  "rec $( ( rec inner ) )",
  "rec a > o1 2>&1",
  "time rec a",
];

export function generateLines(seed: number, count: number): string[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new Error("pick needs a non-empty list");
    return item;
  };
  const chance = (p: number) => next() < p;
  const simple = (): string => {
    const parts: string[] = [];
    if (chance(0.1)) parts.push(pick(["LC_ALL=C", "TZ=UTC", "x=1"]));
    parts.push(pick(NAMES));
    const words = Math.floor(next() * 4);
    for (let index = 0; index < words; index += 1) parts.push(pick(WORDS));
    if (chance(0.12)) parts.push(pick(REDIRECTS));
    return parts.join(" ");
  };
  const command = (depth: number): string => {
    const roll = next();
    if (depth > 1 || roll < 0.55) return simple();
    if (roll < 0.62) return `{ ${line(depth + 1)}; }`;
    if (roll < 0.69) return `( ${line(depth + 1)} )`;
    if (roll < 0.74) return `if ${simple()}; then ${line(depth + 1)}; fi`;
    if (roll < 0.8) return `${pick(CDS)} && ${simple()}`;
    if (roll < 0.83) return `sh -c '${simple().replace(/'/g, "")}'`;
    if (roll < 0.9) return `echo ${pick(WORDS)} ${simple().startsWith("rec") ? "" : `"$(${simple()})"`}`;
    return `${simple()} | ${simple()}`;
  };
  const line = (depth: number): string => {
    let text = command(depth);
    const more = Math.floor(next() * 3);
    for (let index = 0; index < more; index += 1) text += `${pick([" && ", "; ", " | "])}${command(depth)}`;
    return text;
  };
  const lines: string[] = [];
  for (let index = 0; index < count; index += 1) {
    if (chance(0.05)) lines.push(`${pick(SHAPES)}${chance(0.5) ? ` && ${line(1)}` : ""}`);
    else if (chance(0.08)) lines.push(`${pick(HERE_DOCUMENTS)}${chance(0.5) ? `\n${line(1)}` : ""}`);
    else lines.push(chance(0.15) ? `${pick(CDS)}; ${line(0)}` : line(0));
  }
  return lines;
}
