// The documented default lists of the sandbox profiles (README "Sandbox"): credentials hidden from
// every sandboxed command, the toolchain and configuration folders of the home folder that the
// read-only profile keeps visible, the system folders of user data it hides, and the private temp
// folders. `~/` entries are relative to the home folder; the caller's settings extend each list.

/** Hidden in both profiles (folders appear empty, files appear empty; both read-only). */
export const DEFAULT_SECRET_PATHS: readonly string[] = [
  // Keys and cloud credentials.
  "~/.ssh",
  "~/.gnupg",
  "~/.aws",
  "~/.azure",
  "~/.config/gcloud",
  "~/.oci",
  "~/.kube",
  "~/.docker/config.json",
  "~/.docker/contexts",
  "~/.terraform.d/credentials.tfrc.json",
  "~/.vault-token",
  "~/.password-store",
  "~/.config/op",
  "~/.local/share/keyrings",
  // Forges and package registries.
  "~/.git-credentials",
  "~/.config/git/credentials",
  "~/.netrc",
  "~/.config/gh",
  "~/.config/hub",
  "~/.config/glab-cli",
  "~/.npmrc",
  "~/.yarnrc",
  "~/.yarnrc.yml",
  "~/.pypirc",
  "~/.gem/credentials",
  "~/.cargo/credentials",
  "~/.cargo/credentials.toml",
  "~/.m2/settings.xml",
  "~/.m2/settings-security.xml",
  "~/.gradle/gradle.properties",
  "~/.nuget/NuGet/NuGet.Config",
  // Agents' own credentials and past conversations.
  "~/.claude/.credentials.json",
  "~/.claude.json",
  "~/.claude/projects",
  "~/.agents/sessions",
  "~/.agents/history",
  "~/.codex/auth.json",
  // Browser profiles (cookies, saved passwords).
  "~/.mozilla",
  "~/.config/google-chrome",
  "~/.config/chromium",
  "~/.config/BraveSoftware",
  "~/Library/Application Support/Google/Chrome",
  "~/Library/Keychains",
  // The machine's own secrets (readable to root, which a sandboxed root still is for its own files).
  "/etc/shadow",
  "/etc/gshadow",
  "/etc/ssh/ssh_host_rsa_key",
  "/etc/ssh/ssh_host_ecdsa_key",
  "/etc/ssh/ssh_host_ed25519_key",
  "/etc/ssh/ssh_host_dsa_key",
];

/** The read-only profile hides the home folder except these (and the caller's additions). */
export const DEFAULT_TOOLCHAIN_PATHS: readonly string[] = [
  // git and shells' configuration that commands read.
  "~/.gitconfig",
  "~/.config/git",
  "~/.gitignore_global",
  "~/.editorconfig",
  "~/.inputrc",
  "~/.terminfo",
  "~/.ripgreprc",
  "~/.config/ripgrep",
  // Program folders.
  "~/.local/bin",
  "~/bin",
  "~/.local/lib",
  "~/.local/share/mise",
  "~/.local/share/pnpm",
  "~/.asdf",
  "~/.tool-versions",
  // JavaScript.
  "~/.nvm",
  "~/.volta",
  "~/.fnm",
  "~/.local/share/fnm",
  "~/.bun",
  "~/.deno",
  "~/.npm",
  "~/.node-gyp",
  "~/.cache/node-gyp",
  "~/.yarn",
  "~/.cache/yarn",
  // Python.
  "~/.pyenv",
  "~/.cache/pip",
  "~/.cache/uv",
  "~/.cache/pypoetry",
  "~/.conda",
  "~/miniconda3",
  "~/anaconda3",
  // Rust, Go, Ruby, JVM, others.
  "~/.cargo",
  "~/.rustup",
  "~/go",
  "~/.cache/go-build",
  "~/.rbenv",
  "~/.gem",
  "~/.sdkman",
  "~/.m2",
  "~/.gradle",
  "~/.dotnet",
  "~/.nuget/packages",
  "~/.ghcup",
  "~/.cabal",
  "~/.stack",
  "~/.opam",
  "~/.elan",
  "~/.juliaup",
];

/** Hidden by the read-only profile: other people's homes and mounted data (Linux and macOS). */
export const HIDDEN_SYSTEM_FOLDERS: readonly string[] = [
  "/home",
  "/root",
  "/Users",
  "/mnt",
  "/media",
  "/srv",
  "/Volumes",
  "/var/mail",
  "/var/spool",
  "/var/backups",
  "/lost+found",
];

/** The top-level folders of a Linux system that hold the system itself: the read-only profile hides
 *  every other folder at the top of the file system (`/data`, `/code`, `/srv` … — someone's data),
 *  except where the workspace or a program folder lies. */
export const SYSTEM_ROOT_FOLDERS: ReadonlySet<string> = new Set([
  "bin",
  "boot",
  "dev",
  "etc",
  "lib",
  "lib32",
  "lib64",
  "libx32",
  "nix",
  "gnu",
  "opt",
  "proc",
  "run",
  "sbin",
  "snap",
  "sys",
  "tmp",
  "usr",
  "var",
]);

/** Replaced by empty private folders in both profiles (host sockets live here, and other runs' files). */
export const PRIVATE_TEMP_FOLDERS: readonly string[] = ["/tmp", "/var/tmp", "/run"];
