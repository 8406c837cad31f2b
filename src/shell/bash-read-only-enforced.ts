// Read-only commands the fast path covers only where the sandbox's read-only profile contains them
// (data only; bash-read-only.ts applies it): system queries (`ps`, `df`, `free`, `env` without a
// command — the profile filters the environment and has its own process namespace), text tools
// (`paste`, `base64`, `column` …) and `--version` queries of any program found on the PATH.
import type { ReadOnlySpec } from "./bash-read-only-list.js";

const w = (names: string) => names.split(" ");

/** A version query: the program's only word after its name. */
export const VERSION_QUERIES = new Set(["--version", "-version", "-V", "-v", "version"]);

export const ENFORCED_COMMANDS: Record<string, ReadOnlySpec> = {
  ps: {
    flags: "AaCcdeFfHjLlMmNrSTUuvwXxyZ",
    valued: "GgOopqstUuk",
    long: w("forest headers no-headers cumulative deselect"),
    longValued: w("sort format pid ppid user group cols columns rows tty sid"),
    operands: "text",
  },
  df: {
    flags: "ahHiklPTv",
    valued: "tBx",
    long: w("all human-readable si inodes local portability print-type total sync no-sync"),
    longValued: w("block-size type exclude-type"),
    optionalValue: w("output"),
    operands: "list",
  },
  free: {
    flags: "bkmghltwv",
    valued: "sc",
    long: w("bytes kibi mebi gibi tebi kilo mega giga tera human si lohi total wide"),
    longValued: w("seconds count"),
    operands: "text",
  },
  uptime: { flags: "psh", long: w("pretty since"), operands: "text" },
  printenv: { flags: "0", long: w("null"), operands: "text" },
  env: { flags: "0", long: w("null"), operands: "text" },
  hostname: {
    flags: "aAdfiIsy",
    long: w("all-fqdns all-ip-addresses domain fqdn ip-address short yp"),
    operands: "text",
  },
  arch: { operands: "text" },
  tty: { flags: "s", long: w("silent quiet"), operands: "text" },
  groups: { operands: "text" },
  locale: {
    flags: "avmck",
    long: w("all-locales verbose charmaps category-name keyword-name"),
    operands: "text",
  },
  getconf: { flags: "a", operands: "text" },
  lscpu: {
    flags: "aebcpxyJ",
    long: w("all extended online offline bytes hex json physical"),
    operands: "text",
  },
  paste: {
    flags: "sz",
    valued: "d",
    long: w("serial zero-terminated"),
    longValued: w("delimiters"),
    operands: "read",
  },
  base64: {
    flags: "diw",
    valued: "w",
    long: w("decode ignore-garbage"),
    longValued: w("wrap"),
    operands: "read",
  },
  base32: {
    flags: "di",
    valued: "w",
    long: w("decode ignore-garbage"),
    longValued: w("wrap"),
    operands: "read",
  },
  column: {
    flags: "tnxeJLR",
    valued: "sco",
    long: w("table fillrows json keep-empty-lines"),
    longValued: w("separator output-separator columns table-columns"),
    operands: "read",
  },
  fold: { flags: "bs", valued: "w", long: w("bytes spaces"), longValued: w("width"), operands: "read" },
  fmt: { flags: "cstu", valued: "wgp", operands: "read", numbers: true },
  expand: { flags: "i", valued: "t", long: w("initial"), longValued: w("tabs"), operands: "read" },
  unexpand: { flags: "a", valued: "t", long: w("all first-only"), longValued: w("tabs"), operands: "read" },
  join: {
    flags: "iz",
    valued: "ajteov12",
    long: w("ignore-case check-order nocheck-order header"),
    operands: "read",
  },
  numfmt: {
    valued: "d",
    longValued: w("from to from-unit to-unit padding round suffix format field invalid delimiter"),
    long: w("grouping header debug zero-terminated"),
    operands: "text",
  },
  tsort: { operands: "read" },
  pr: { flags: "adFfJmrt", valued: "hlwNoSsn", numbers: true, operands: "read" },
};
