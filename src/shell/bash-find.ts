// `find`'s own syntax, read well enough for the gate: its starting points, the commands its
// `-exec`/`-execdir`/`-ok`/`-okdir` actions run (with `{}` unknown), the files `-fprint…`/`-fls`
// write, and what keeps it from being read-only (`-delete`, actions, following symlinks).
import type { ShellWord } from "./shell-word.js";

type FindCommand = { words: ShellWord[]; inFileFolder: boolean };

type FindModel = {
  startPaths: ShellWord[];
  commands: FindCommand[];
  /** Files written by -fprint, -fprint0, -fprintf, -fls. */
  writes: ShellWord[];
  /** Files only looked at (-newer, -samefile …). */
  reads: ShellWord[];
  /** Why it is not read-only (empty when it is). */
  effects: string[];
  /** Why its expression is not understood (an unknown primary or an expansion where one may be). */
  problem?: string;
};

const ONE_VALUE = new Set(
  (
    "-name -iname -path -ipath -wholename -iwholename -regex -iregex -lname -ilname -type -xtype " +
    "-user -group -uid -gid -perm -size -links -inum -mtime -mmin -atime -amin -ctime -cmin -used " +
    "-maxdepth -mindepth -regextype -fstype -context -printf"
  ).split(" "),
);
const PATH_VALUE = new Set(["-samefile", "-newer", "-anewer", "-cnewer"]);
const WRITE_VALUE = new Set(["-fprint", "-fprint0", "-fls"]);
const NO_VALUE = new Set(
  (
    "-print -print0 -ls -prune -quit -depth -d -xdev -mount -daystart -noleaf -ignore_readdir_race " +
    "-noignore_readdir_race -empty -readable -writable -executable -nouser -nogroup -true -false " +
    "-not -a -o -and -or ! ( ) , -warn -nowarn"
  ).split(" "),
);
const ACTIONS = new Set(["-exec", "-execdir", "-ok", "-okdir"]);

export function modelFind(words: ShellWord[]): FindModel {
  const model: FindModel = { startPaths: [], commands: [], writes: [], reads: [], effects: [] };
  let index = 0;
  // Leading options: -H -L -P -D debugopts -Olevel.
  while (index < words.length) {
    const value = words[index]?.value;
    if (value === "-H" || value === "-P" || /^-O\d$/.test(value ?? "")) index += 1;
    else if (value === "-L") {
      model.effects.push("find -L follows symbolic links (out of the workspace too)");
      index += 1;
    } else if (value === "-D") index += 2;
    else break;
  }
  while (index < words.length) {
    const word = words[index];
    if (word === undefined) break;
    if (word.value === null) {
      model.problem = `${word.raw} (an expansion) could be part of find's expression`;
      return model;
    }
    if (word.value.startsWith("-") || ["(", "!", ")", ","].includes(word.value)) break;
    model.startPaths.push(word);
    index += 1;
  }
  if (model.startPaths.length === 0) model.startPaths.push({ value: ".", raw: ".", splits: false });
  while (index < words.length) {
    const word = words[index];
    if (word === undefined) break;
    const token = word.value;
    index += 1;
    if (token === null) {
      model.problem = `${word.raw} (an expansion) could be part of find's expression`;
      return model;
    }
    if (ACTIONS.has(token)) {
      const start = index;
      while (index < words.length && words[index]?.value !== ";" && !isPlusEnd(words, index)) index += 1;
      if (index >= words.length) {
        model.problem = `find ${token} without its closing ';' or '+'`;
        return model;
      }
      const command = words.slice(start, index).map(replaceBraces);
      index += 1;
      if (command.length === 0) {
        model.problem = `find ${token} without a command`;
        return model;
      }
      model.commands.push({ words: command, inFileFolder: token === "-execdir" || token === "-okdir" });
      model.effects.push(`find ${token} runs a command`);
    } else if (token === "-delete") model.effects.push("find -delete deletes files");
    else if (token === "-follow") model.effects.push("find -follow follows symbolic links");
    else if (token === "-fprintf") {
      model.writes.push(words[index] ?? word);
      model.effects.push("find -fprintf writes a file");
      index += 2;
    } else if (WRITE_VALUE.has(token)) {
      model.writes.push(words[index] ?? word);
      model.effects.push(`find ${token} writes a file`);
      index += 1;
    } else if (token === "-files0-from") {
      model.effects.push("find -files0-from reads its starting points from a file");
      const read = words[index];
      if (read) model.reads.push(read);
      index += 1;
    } else if (PATH_VALUE.has(token) || /^-newer[amcBt][amcBt]$/.test(token)) {
      const read = words[index];
      if (read) model.reads.push(read);
      index += 1;
    } else if (ONE_VALUE.has(token)) index += 1;
    else if (!NO_VALUE.has(token)) {
      model.problem = `the find expression ${token}`;
      return model;
    }
  }
  return model;
}

/** `+` ends an action only right after `{}`. */
function isPlusEnd(words: ShellWord[], index: number): boolean {
  return words[index]?.value === "+" && words[index - 1]?.value === "{}";
}

/** Words holding `{}` get the found file's name: unknown to the gate. */
function replaceBraces(word: ShellWord): ShellWord {
  return word.value?.includes("{}") ? { value: null, raw: word.raw, splits: false } : word;
}
