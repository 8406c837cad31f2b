// Environment and shell variables that change what a later program does (which program runs, which
// configuration, startup file or library it loads): assigning them always makes the gate ask. Also
// which plain shell-variable assignments are harmless enough to be understood.

const DANGEROUS_EXACT = new Set([
  "PATH",
  "BASH_ENV",
  "ENV",
  "SHELLOPTS",
  "BASHOPTS",
  "IFS",
  "PS4",
  "PROMPT_COMMAND",
  "CDPATH",
  "GLOBIGNORE",
  "HOME",
  "ZDOTDIR",
  "XDG_CONFIG_HOME",
  "XDG_CONFIG_DIRS",
  "XDG_DATA_HOME",
  "PWD",
  "OLDPWD",
  "SHELL",
  "EDITOR",
  "VISUAL",
  "PAGER",
  "MANPAGER",
  "BROWSER",
  "LESSOPEN",
  "LESSCLOSE",
  "TMPDIR",
  "NODE_OPTIONS",
  "NODE_PATH",
  "PYTHONPATH",
  "PYTHONSTARTUP",
  "PYTHONHOME",
  "PYTHONUSERBASE",
  "PERL5OPT",
  "PERL5LIB",
  "PERLLIB",
  "RUBYOPT",
  "RUBYLIB",
  "JAVA_TOOL_OPTIONS",
  "_JAVA_OPTIONS",
  "JDK_JAVA_OPTIONS",
  "CLASSPATH",
  "SSH_ASKPASS",
  "SUDO_ASKPASS",
  "MAKEFLAGS",
  "MAKEFILES",
  "CC",
  "CXX",
  "CPP",
  "LD",
  "AR",
  "RUSTC",
  "RUSTC_WRAPPER",
  "RUSTFLAGS",
  "GCONV_PATH",
  "LOCPATH",
  "NLSPATH",
  "GLIBC_TUNABLES",
  "HOSTALIASES",
  "TERMINFO",
]);

const DANGEROUS_PREFIXES = [
  "LD_",
  "DYLD_",
  "GIT_",
  "BASH_FUNC_",
  "NPM_CONFIG_",
  "npm_config_",
  "YARN_",
  "PNPM_",
  "CARGO_",
  "MALLOC_",
  "PIP_",
  "UV_",
  "DOCKER_",
  "PYTHON",
  "PERL",
  "RUBY",
  "GEM_",
  "BUNDLE_",
  "JAVA_",
  "NODE_REPL_EXTERNAL_MODULE",
  "OPENSSL_",
  "GNUPG",
  "GPG_",
  "SSH_",
  "KUBECONFIG",
  "AWS_",
];

/** Whether assigning `name` changes how later programs behave (the gate then always asks). */
export function dangerousVariable(name: string): boolean {
  return DANGEROUS_EXACT.has(name) || DANGEROUS_PREFIXES.some((prefix) => name.startsWith(prefix));
}

const LOWERCASE_ENVIRONMENT = new Set(["http_proxy", "https_proxy", "ftp_proxy", "all_proxy", "no_proxy"]);

/**
 * Whether setting `name` as a plain shell variable (`x=1; …`, `for x in …`) stays inside the shell:
 * lowercase names are not environment variables by convention; uppercase ones may already be
 * exported, so changing them reaches every later program.
 */
export function localVariable(name: string): boolean {
  return /^[a-z_][a-z0-9_]*$/.test(name) && !LOWERCASE_ENVIRONMENT.has(name);
}
