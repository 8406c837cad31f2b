// The strict fast path, where no sandbox contains a command: the allow-list of known-safe command
// forms, checked token by token (data, plus the git and find checks). Every option a command is given
// must be listed here for it; an option that is not (also a dangerous one: they are never listed), a
// command not listed, or a subcommand not listed makes the command not read-only. Options are named
// as the option scanner keys them: short letters, long names with their dashes.
import { firstPart } from "../util/index.js";

const set = (names: string) => new Set(names.split(" ").filter(Boolean));

const CHECKSUM = set("b t z --binary --text --tag --zero");

export const STRICT_OPTIONS: Record<string, Set<string>> = {
  cat: set(
    "A b e E n s t T u v --show-all --number-nonblank --show-ends --number --squeeze-blank --show-tabs",
  ),
  head: set("n c q v --lines --bytes --quiet --silent --verbose"),
  tail: set("n c q v --lines --bytes --quiet --silent --verbose"),
  wc: set("c m l L w --bytes --chars --lines --max-line-length --words"),
  ls: set(
    "a A b B c C d F g G h i k l m n N o p q Q r R s S t u U v x X 1 w T --all --almost-all --escape --ignore-backups --directory --file-type --full-time --group-directories-first --no-group --human-readable --si --inode --numeric-uid-gid --literal --quote-name --recursive --reverse --size --color --classify --sort --time --time-style --format --width --indicator-style --quoting-style --block-size",
  ),
  grep: set(
    "i y v w x c l L n h H o q s r E F G P a I z Z b U T e m A B C --ignore-case --no-ignore-case --invert-match --word-regexp --line-regexp --count --files-with-matches --files-without-match --line-number --no-filename --with-filename --only-matching --quiet --silent --no-messages --recursive --extended-regexp --fixed-strings --basic-regexp --perl-regexp --text --null --null-data --byte-offset --initial-tab --line-buffered --regexp --max-count --after-context --before-context --context --include --exclude --exclude-dir --label --binary-files --color --colour",
  ),
  rg: set(
    "i S s v w x c l n N H I o q F U P a 0 u e g t T m A B C --hidden --no-ignore --no-ignore-vcs --files --files-with-matches --files-without-match --count --count-matches --json --vimgrep --no-heading --heading --line-number --no-line-number --with-filename --no-filename --only-matching --quiet --fixed-strings --word-regexp --line-regexp --ignore-case --smart-case --case-sensitive --invert-match --multiline --text --null --trim --stats --sort-files --column --no-column --no-messages --type-list --no-config --regexp --glob --iglob --type --type-not --max-count --after-context --before-context --context --max-depth --max-columns --max-filesize --sort --sortr --color",
  ),
  tree: set(
    "a d f i x A C D F h n N p q s u g Q L I P --noreport --dirsfirst --gitignore --du --prune --matchdirs --ignore-case --si --charset --filelimit --sort",
  ),
  du: set(
    "a b c h k l m s S x 0 d --all --apparent-size --bytes --total --human-readable --si --summarize --separate-dirs --one-file-system --null --count-links --max-depth --block-size --exclude",
  ),
  stat: set("L f t c --dereference --file-system --terse --format --printf"),
  file: set(
    "b c E h i k l L N n p r s S z 0 e F P --brief --mime --mime-type --mime-encoding --no-pad --raw --special-files --uncompress --dereference --no-dereference --keep-going --extension --print0 --separator --exclude --parameter",
  ),
  realpath: set(
    "e E m q s L P z --canonicalize-existing --canonicalize-missing --quiet --strip --no-symlinks --logical --physical --zero --relative-to --relative-base",
  ),
  readlink: set(
    "f e m n q s v z --canonicalize --canonicalize-existing --canonicalize-missing --no-newline --quiet --silent --verbose --zero",
  ),
  basename: set("a s z --multiple --suffix --zero"),
  dirname: set("z --zero"),
  pwd: set("L P"),
  true: set(""),
  false: set(""),
  ":": set(""),
  seq: set("w f s --equal-width --format --separator"),
  whoami: set(""),
  id: set("a g G n r u z --group --groups --name --real --user --zero"),
  uname: set(
    "a s n r v m p i o --all --kernel-name --nodename --kernel-release --kernel-version --machine --processor --hardware-platform --operating-system",
  ),
  nproc: set("--all --ignore"),
  which: set("a s"),
  type: set("a f p t P"),
  date: set("u I R d --utc --universal --rfc-email --iso-8601 --rfc-3339 --date"),
  sort: set(
    "b d f g i M h n r V c C m s u z k t --ignore-leading-blanks --dictionary-order --ignore-case --general-numeric-sort --ignore-nonprinting --month-sort --human-numeric-sort --numeric-sort --reverse --version-sort --merge --stable --unique --zero-terminated --key --field-separator --check",
  ),
  uniq: set(
    "c d D i u z f s w --count --repeated --ignore-case --unique --zero-terminated --skip-fields --skip-chars --check-chars --group --all-repeated",
  ),
  cut: set(
    "n s z b c d f --complement --only-delimited --zero-terminated --bytes --characters --delimiter --fields --output-delimiter",
  ),
  tr: set("c C d s t --complement --delete --squeeze-repeats --truncate-set1"),
  nl: set("p b d f h i l n s v w"),
  tac: set("b r s --before --regex --separator"),
  rev: set(""),
  strings: set(
    "a f w d n t e --all --print-file-name --include-all-whitespace --data --bytes --radix --encoding",
  ),
  md5sum: CHECKSUM,
  sha1sum: CHECKSUM,
  sha224sum: CHECKSUM,
  sha256sum: CHECKSUM,
  sha384sum: CHECKSUM,
  sha512sum: CHECKSUM,
  b2sum: CHECKSUM,
  cksum: set("a --algorithm --length"),
  cmp: set("b l s v i n --print-bytes --verbose --quiet --silent --ignore-initial --bytes"),
  comm: set("1 2 3 i z --check-order --nocheck-order --total --zero-terminated --output-delimiter"),
  diff: set(
    "a b B c d e E f i l n N p q s t T u v w y Z C U --brief --report-identical-files --new-file --unidirectional-new-file --ignore-case --ignore-tab-expansion --ignore-trailing-space --ignore-space-change --ignore-all-space --ignore-blank-lines --text --strip-trailing-cr --side-by-side --left-column --suppress-common-lines --show-c-function --expand-tabs --initial-tab --minimal --normal --label --unified --context --color",
  ),
  jq: set(
    "n c r j a s S C M e R --null-input --compact-output --raw-output --join-output --ascii-output --slurp --sort-keys --color-output --monochrome-output --exit-status --raw-input --tab --indent --arg --argjson",
  ),
  paste: set("s z d --serial --zero-terminated --delimiters"),
  base64: set("d i w --decode --ignore-garbage --wrap"),
};

/** git subcommands the strict fast path runs, and the display options it accepts for them. */
const STRICT_GIT_SUBCOMMANDS = set(
  "status diff log show branch rev-parse ls-files blame describe shortlog show-ref merge-base remote tag config stash",
);
const GIT_OPTIONS = set(
  "--oneline --text --stat --shortstat --numstat --name-only --name-status --cached --staged --short -s --branch -b --porcelain --graph --decorate --no-decorate --all -a --abbrev-commit --no-color --color -p --patch -w --ignore-all-space --ignore-space-change -b --word-diff --reverse --first-parent --merges --no-merges --raw --summary --show-toplevel --show-prefix --abbrev-ref --git-dir --is-inside-work-tree --verify --short --tags --always --long -r -v -vv -l --list --remotes --verbose --show-current --get --get-all --list -z --null --no-patch -q --quiet --exit-code --ignore-submodules --untracked-files -u --others --modified --deleted --exclude-standard -t -n -e -c -L -M -C --follow --no-renames --full-history --topo-order --date-order --count --left-right --cherry-pick --no-walk",
);
/** Options with a value (`--format=…`, `-n5`, `--since=…`): the name before `=` or the digits. */
const GIT_VALUED =
  /^(--(format|pretty|max-count|skip|since|until|after|before|author|committer|grep|date|abbrev|unified|stat|diff-filter|sort|contains|merged|no-merged|points-at|relative-date)(=.*)?|-[nU]\d+|-\d+)$/;

/** Why a git command line is not a known-safe form, or null when it is (subcommand and options). */
export function strictGitProblem(sub: string, values: string[]): string | null {
  if (!STRICT_GIT_SUBCOMMANDS.has(sub)) return `git ${sub} is not a known-safe form`;
  let ended = false;
  for (const value of values) {
    if (value === "--") ended = true;
    if (ended || !value.startsWith("-") || value === "--") continue;
    // `%G?`, `%GS`, `%GK` … verify the commit's signature: the user's gpg runs on a signature anyone made.
    if (/^--(format|pretty)=/.test(value) && value.includes("%G"))
      return `git ${sub} ${value} runs gpg to verify signatures`;
    if (!GIT_OPTIONS.has(firstPart(value, "=")) && !GIT_VALUED.test(value))
      return `git ${sub} ${value} is not a known-safe option`;
    if (
      value.includes("=") &&
      !GIT_VALUED.test(value) &&
      !/^--(color|untracked-files|porcelain)=/.test(value)
    )
      return `git ${sub} ${value} is not a known-safe option`;
  }
  return null;
}

/** find primaries (and their value counts) of the strict fast path: tests and printing, no actions. */
const FIND_PRIMARIES: Record<string, number> = {
  "-name": 1,
  "-iname": 1,
  "-path": 1,
  "-ipath": 1,
  "-type": 1,
  "-maxdepth": 1,
  "-mindepth": 1,
  "-size": 1,
  "-mtime": 1,
  "-mmin": 1,
  "-newer": 1,
  "-empty": 0,
  "-print": 0,
  "-print0": 0,
  "-prune": 0,
  "-not": 0,
  "!": 0,
  "(": 0,
  ")": 0,
  "-o": 0,
  "-or": 0,
  "-a": 0,
  "-and": 0,
};

/** Why a find expression is not a known-safe form, or null. `words` follow the program name. */
export function strictFindProblem(words: (string | null)[]): string | null {
  let index = 0;
  for (let word = words[index]; typeof word === "string" && !/^[-!()]/.test(word); word = words[index])
    index += 1;
  while (index < words.length) {
    const word = words[index];
    if (word === undefined) break;
    const arity = word !== null && Object.hasOwn(FIND_PRIMARIES, word) ? FIND_PRIMARIES[word] : undefined;
    if (word === null || arity === undefined)
      return `find ${word ?? "(an expansion)"} is not a known-safe form`;
    index += 1 + arity;
  }
  return null;
}
