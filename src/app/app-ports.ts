// What the application takes from the process it runs in. Production passes the real process
// (cli/main); tests pass temp folders, their own environment, a scripted model and a prompter —
// the same createApp either way, so the tests exercise the production wiring.
import type { ModelClient } from "../model/index.js";
import type { ModelClients } from "../providers/index.js";
import type { FileAccess, Tool } from "../tools/index.js";

/** An interactive start's folder-trust question: the items to review, answered yes / no / quit. */
export type TrustQuestion = (what: string, items: string) => Promise<"yes" | "no" | "quit">;

export type AppPorts = {
  /** The project folder (the process's current folder in production). */
  cwd: string;
  /** The process environment; read once here, at the edge. */
  env: Readonly<Record<string, string | undefined>>;
  /** The OS account's home folder, used when HOME is unset or not absolute. */
  accountHome: () => string;
  platform: NodeJS.Platform;
  pid: number;
  /** Where diagnostics go (trace lines, the trust question's text). */
  stderr: (text: string) => void;
  /** Asks the folder-trust question (interactive starts); absent: the headless policy decides. */
  askTrust?: TrustQuestion;
  /** Used instead of choosing a model client from the options, settings and environment (tests:
   *  the scripted model). */
  model?: ModelClient;
  /** How clients for other models are built (subagents, switches); absent: from the environment. */
  modelClients?: ModelClients;
  /** Tools the embedding program adds beside the built-in ones (tests: recording tools). */
  tools?: Tool[];
  /** Where Read, Write and Edit get a file's text: an editor's buffers when reagent runs inside one
   *  (ACP's client fs methods); absent: the disk. */
  fileAccess?: FileAccess;
  /** Subagent ids (tests make them predictable; absent: random). */
  newAgentId?: () => string;
  /** Runs `cleanup` when the process exits however it ends; returns the unregistration. */
  atExit: (cleanup: () => void) => () => void;
};
