// The maintained list of provably read-only commands (data only; bash-read-only.ts applies it):
// per command, the options known to be harmless, how its operands are used (files read, folders
// listed, plain text), and the options that make it write or run programs (`sort -o`, `rg --pre`,
// `tree -o`, `grep -R` following symlinks …). Anything not listed is not read-only.

import { present } from "../util/index.js";
import type { OptionSpec } from "./shell-word.js";

/** Space-separated names → list. */
const w = (names: string) => names.split(" ");

type Operands = "read" | "list" | "text" | "pattern-then-read" | "first-read-second-write";

export type ReadOnlySpec = OptionSpec & {
  operands: Operands;
  /** Options that make reads recursive (grep -r). */
  recursive?: string[];
  /** Read everything below "." when no operand is given (rg, grep -r). */
  defaultFolder?: boolean;
  /** Options that make the command write or run something: option → why. */
  unsafe?: Record<string, string>;
  /** Options whose value is a file read. */
  readsValue?: string[];
  /** Options whose value is a file written (which makes the command not read-only). */
  writesValue?: string[];
};

const CHECKSUM: ReadOnlySpec = {
  flags: "bctwz",
  long: w("binary check tag text zero ignore-missing quiet status strict warn"),
  operands: "read",
  unsafe: {
    c: "a checksum -c reads the files named inside its operands",
    "--check": "a checksum -c reads the files named inside its operands",
  },
};

export const READ_ONLY_COMMANDS: Record<string, ReadOnlySpec> = {
  cat: {
    flags: "AbeEnstTuv",
    long: w("show-all number-nonblank show-ends number squeeze-blank show-tabs show-nonprinting"),
    operands: "read",
  },
  head: {
    flags: "qvz",
    valued: "nc",
    long: w("quiet silent verbose zero-terminated"),
    longValued: w("lines bytes"),
    numbers: true,
    operands: "read",
  },
  tail: {
    flags: "fFqvz",
    valued: "ncs",
    long: w("quiet silent verbose zero-terminated retry"),
    longValued: w("lines bytes sleep-interval pid max-unchanged-stats"),
    optionalValue: w("follow"),
    numbers: true,
    operands: "read",
  },
  wc: {
    flags: "cmlLw",
    long: w("bytes chars lines max-line-length words"),
    optionalValue: w("total"),
    operands: "read",
  },
  ls: {
    flags: "aAbBcCdDfFgGhHiklLmnNopqQrRsStuUvxXZ1",
    valued: "ITw",
    long: w(
      "all almost-all escape ignore-backups directory dired file-type full-time group-directories-first no-group human-readable si inode dereference dereference-command-line dereference-command-line-symlink-to-dir numeric-uid-gid literal hide-control-chars show-control-chars quote-name recursive reverse size author context zero",
    ),
    longValued: w(
      "indicator-style quoting-style sort time time-style format width tabsize block-size ignore hide",
    ),
    optionalValue: w("classify color hyperlink"),
    operands: "list",
  },
  grep: {
    flags: "iyvwxclLnhHoqsrEFGPaIzZbUTR",
    valued: "efmABCdD",
    long: w(
      "ignore-case no-ignore-case invert-match word-regexp line-regexp count files-with-matches files-without-match line-number no-filename with-filename only-matching quiet silent no-messages recursive extended-regexp fixed-strings basic-regexp perl-regexp text null null-data byte-offset initial-tab line-buffered dereference-recursive",
    ),
    longValued: w(
      "regexp file max-count after-context before-context context include exclude exclude-dir exclude-from label binary-files devices directories",
    ),
    optionalValue: w("color colour"),
    operands: "pattern-then-read",
    recursive: ["r", "--recursive"],
    readsValue: ["f", "--file", "--exclude-from"],
    unsafe: {
      R: "grep -R follows symbolic links",
      "--dereference-recursive": "grep -R follows symbolic links",
      d: "grep -d recurse reads folders recursively",
      "--directories": "grep --directories=recurse reads folders recursively",
    },
  },
  rg: {
    flags: "iSsvwxclnNHIoqFUPa0ub.pLz",
    valued: "efgtTmABCjMdrE",
    long: w(
      "hidden no-ignore no-ignore-vcs no-ignore-parent no-ignore-dot no-ignore-global no-ignore-exclude no-ignore-files files files-with-matches files-without-match count count-matches json vimgrep no-heading heading line-number no-line-number with-filename no-filename only-matching quiet fixed-strings word-regexp line-regexp ignore-case smart-case case-sensitive invert-match multiline multiline-dotall pcre2 text null null-data trim stats sort-files column no-column byte-offset crlf no-messages one-file-system passthru unrestricted type-list no-config glob-case-insensitive binary no-binary include-zero pretty follow search-zip",
    ),
    longValued: w(
      "regexp file glob iglob type type-not max-count after-context before-context context threads max-depth max-columns max-filesize replace sort sortr color colors encoding type-add type-clear ignore-file path-separator context-separator field-match-separator engine pre pre-glob hostname-bin",
    ),
    operands: "pattern-then-read",
    defaultFolder: true,
    readsValue: ["f", "--file", "--ignore-file"],
    unsafe: {
      "--pre": "rg --pre runs a program on every file",
      "--pre-glob": "rg --pre runs a program on every file",
      L: "rg -L follows symbolic links",
      "--follow": "rg -L follows symbolic links",
      z: "rg -z runs decompression programs",
      "--search-zip": "rg -z runs decompression programs",
      "--hostname-bin": "rg --hostname-bin runs a program",
    },
  },
  tree: {
    flags: "adfixACDFhnNpqrstuvgQSJXlR",
    valued: "LIPoH",
    long: w("noreport dirsfirst gitignore du prune matchdirs ignore-case si fromfile"),
    longValued: w("charset filelimit timefmt sort"),
    operands: "list",
    writesValue: w("o"),
    unsafe: {
      l: "tree -l follows symbolic links",
      o: "tree -o writes a file",
      R: "tree -R writes files",
      H: "tree -H writes HTML output files",
      "--fromfile": "tree --fromfile reads names from a file",
    },
  },
  du: {
    flags: "abcDhHklmsSx0L",
    valued: "dBt",
    long: w(
      "all apparent-size bytes total human-readable si summarize separate-dirs one-file-system null count-links inodes dereference",
    ),
    longValued: w("max-depth block-size threshold exclude time-style files0-from"),
    optionalValue: w("time"),
    operands: "list",
    unsafe: {
      L: "du -L follows symbolic links",
      "--dereference": "du -L follows symbolic links",
      "--files0-from": "du --files0-from reads names from a file",
    },
  },
  stat: {
    flags: "Lft",
    valued: "c",
    long: w("dereference file-system terse"),
    longValued: w("format printf cached"),
    operands: "list",
  },
  file: {
    flags: "bcEhiklLNnprsSz0C",
    valued: "eFPfm",
    long: w(
      "brief mime mime-type mime-encoding no-pad preserve-date raw special-files uncompress dereference no-dereference keep-going extension apple print0 no-sandbox compile",
    ),
    longValued: w("separator exclude parameter files-from magic-file"),
    operands: "read",
    unsafe: {
      C: "file -C writes a compiled magic file",
      "--compile": "file -C writes a compiled magic file",
      f: "file -f reads names from a file",
      "--files-from": "file -f reads names from a file",
      m: "file -m loads a magic file",
      "--magic-file": "file -m loads a magic file",
    },
  },
  realpath: {
    flags: "eEmqsLPz",
    long: w("canonicalize-existing canonicalize-missing quiet strip no-symlinks logical physical zero"),
    longValued: w("relative-to relative-base"),
    operands: "list",
  },
  readlink: {
    flags: "femnqsvz",
    long: w("canonicalize canonicalize-existing canonicalize-missing no-newline quiet silent verbose zero"),
    operands: "list",
  },
  basename: { flags: "az", valued: "s", long: w("multiple zero"), longValued: w("suffix"), operands: "text" },
  dirname: { flags: "z", long: w("zero"), operands: "text" },
  pwd: { flags: "LP", operands: "text" },
  true: { operands: "text" },
  false: { operands: "text" },
  ":": { operands: "text" },
  seq: {
    flags: "w",
    valued: "fs",
    long: w("equal-width"),
    longValued: w("format separator"),
    operands: "text",
  },
  sleep: { operands: "text" },
  whoami: { operands: "text" },
  id: { flags: "agGnruzZ", long: w("context group groups name real user zero"), operands: "text" },
  uname: {
    flags: "asnrvmpio",
    long: w(
      "all kernel-name nodename kernel-release kernel-version machine processor hardware-platform operating-system",
    ),
    operands: "text",
  },
  nproc: { long: w("all"), longValued: w("ignore"), operands: "text" },
  which: { flags: "as", operands: "text" },
  type: { flags: "afptP", operands: "text" },
  date: {
    flags: "uIR",
    valued: "dfrs",
    long: w("utc universal rfc-email debug"),
    longValued: w("date file reference rfc-3339 set"),
    optionalValue: w("iso-8601"),
    operands: "text",
    readsValue: ["f", "--file", "r", "--reference"],
    unsafe: { s: "date -s sets the clock", "--set": "date -s sets the clock" },
  },
  sort: {
    flags: "bdfgiMhnRrVcCmsuz",
    valued: "ktSoT",
    long: w(
      "ignore-leading-blanks dictionary-order ignore-case general-numeric-sort ignore-nonprinting month-sort human-numeric-sort numeric-sort random-sort reverse version-sort merge stable unique zero-terminated debug",
    ),
    longValued: w(
      "key field-separator buffer-size parallel sort output temporary-directory compress-program files0-from random-source",
    ),
    optionalValue: w("check"),
    operands: "read",
    writesValue: w("o --output"),
    unsafe: {
      o: "sort -o writes a file",
      "--output": "sort -o writes a file",
      T: "sort -T writes temporary files in a folder",
      "--temporary-directory": "sort -T writes temporary files in a folder",
      "--compress-program": "sort --compress-program runs a program",
      "--files0-from": "sort --files0-from reads names from a file",
      "--random-source": "sort --random-source reads a file",
    },
  },
  uniq: {
    flags: "cdDiuz",
    valued: "fsw",
    long: w("count repeated ignore-case unique zero-terminated"),
    longValued: w("skip-fields skip-chars check-chars group all-repeated"),
    operands: "first-read-second-write",
  },
  cut: {
    flags: "nsz",
    valued: "bcdf",
    long: w("complement only-delimited zero-terminated"),
    longValued: w("bytes characters delimiter fields output-delimiter"),
    operands: "read",
  },
  tr: { flags: "cCdst", long: w("complement delete squeeze-repeats truncate-set1"), operands: "text" },
  nl: { flags: "p", valued: "bdfhilnsvw", operands: "read" },
  tac: { flags: "br", valued: "s", long: w("before regex"), longValued: w("separator"), operands: "read" },
  rev: { operands: "read" },
  od: { flags: "bcdfilosvx", valued: "AjNtw", operands: "read" },
  xxd: {
    flags: "aCeEiupshr",
    valued: "clgosnR",
    operands: "first-read-second-write",
    unsafe: { r: "xxd -r writes binary output" },
  },
  hexdump: { flags: "bcCdovx", valued: "efns", operands: "read", readsValue: ["f"] },
  strings: {
    flags: "afwd",
    valued: "ntesT",
    long: w("all print-file-name include-all-whitespace data"),
    longValued: w("bytes radix encoding target output-separator"),
    operands: "read",
  },
  md5sum: CHECKSUM,
  sha1sum: CHECKSUM,
  sha224sum: CHECKSUM,
  sha256sum: CHECKSUM,
  sha384sum: CHECKSUM,
  sha512sum: CHECKSUM,
  b2sum: CHECKSUM,
  cksum: { ...CHECKSUM, valued: "a", longValued: w("algorithm length") },
  cmp: {
    flags: "blsv",
    valued: "in",
    long: w("print-bytes verbose quiet silent"),
    longValued: w("ignore-initial bytes"),
    operands: "read",
  },
  comm: {
    flags: "123iz",
    long: w("check-order nocheck-order total zero-terminated"),
    longValued: w("output-delimiter"),
    operands: "read",
  },
  diff: {
    flags: "abBcdeEfilnNpqrsStTuvwyZ",
    valued: "CUDFIxXSW",
    long: w(
      "brief report-identical-files recursive new-file unidirectional-new-file ignore-case ignore-tab-expansion ignore-trailing-space ignore-space-change ignore-all-space ignore-blank-lines text strip-trailing-cr side-by-side left-column suppress-common-lines show-c-function expand-tabs initial-tab minimal speed-large-files no-dereference normal suppress-blank-empty",
    ),
    longValued: w(
      "label show-function-line ignore-matching-lines exclude exclude-from starting-file from-file to-file horizon-lines width tabsize palette",
    ),
    optionalValue: w("unified context color"),
    operands: "read",
    recursive: ["r", "--recursive"],
    readsValue: ["X", "--exclude-from", "--from-file", "--to-file"],
    unsafe: {
      r: "diff -r follows symbolic links (out of the workspace too)",
      "--recursive": "diff -r follows symbolic links (out of the workspace too)",
    },
  },
  jq: {
    flags: "ncrjasSCMeR",
    valued: "fL",
    long: w(
      "null-input compact-output raw-output join-output ascii-output slurp sort-keys color-output monochrome-output exit-status raw-input tab seq stream stream-errors args jsonargs raw-output0",
    ),
    longValued: w("indent from-file"),
    longTwoValues: w("arg argjson slurpfile rawfile"),
    operands: "pattern-then-read",
    readsValue: ["f", "--from-file", "--rawfile", "--slurpfile"],
    unsafe: {
      L: "jq -L loads modules from a folder",
      "--library-path": "jq -L loads modules from a folder",
      f: "jq -f runs a program from a file (which may import others)",
      "--from-file": "jq -f runs a program from a file (which may import others)",
    },
  },
};
READ_ONLY_COMMANDS.egrep = present(READ_ONLY_COMMANDS.grep, "grep is on the list above");
READ_ONLY_COMMANDS.fgrep = READ_ONLY_COMMANDS.egrep;
