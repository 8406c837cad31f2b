// `reagent init` (and the REPL's /init): the user prompt asking the model to analyse the repository
// and write or improve its instruction file through the normal tools and the permission gate.
import { stat } from "node:fs/promises";
import { join } from "node:path";

/** Which instruction file exists in the project folder: AGENTS.md wins when both do. */
type InitTarget = "none" | "agents" | "claude";

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

export async function detectInitTarget(cwd: string): Promise<InitTarget> {
  if (await isFile(join(cwd, "AGENTS.md"))) return "agents";
  if (await isFile(join(cwd, "CLAUDE.md"))) return "claude";
  return "none";
}

const WHAT_TO_COVER = `What belongs in it (only what you verified in the repository; skip a heading rather than guess):
- A one-paragraph overview: what the project is, its language, runtime and main dependencies.
- Commands: install, build, run, test (all tests and a single test), lint, format, type-check — exactly as this repository runs them (package scripts, Makefile, CI config).
- Layout: the main folders and what lives where; the entry points.
- Conventions a newcomer would get wrong: code style and naming, error handling, test style and helpers, commit or branch rules, generated files not to edit.
- Gotchas: required environment variables, services, platform quirks.

How to work:
- Explore first with Glob, Grep and Read: README, package manifests, build and CI files, existing docs, a few representative source and test files. Also read any .cursorrules, .cursor/rules, .github/copilot-instructions.md or similar and fold in what still holds.
- Keep it concise (aim under 150 lines): bullet points, commands in code spans, no generic advice ("write clean code"), no listing of every file.`;

export function buildInitPrompt(options: { focus?: string; existing: InitTarget }): string {
  const focus = options.focus?.trim();
  const task =
    options.existing === "agents"
      ? "This repository already has an AGENTS.md. Read it, analyse the repository, and improve it: correct what is out of date, add what is missing, cut what is vague. Keep what is still right and the author's structure where it works. Use Edit for targeted changes."
      : options.existing === "claude"
        ? "This repository has a CLAUDE.md but no AGENTS.md. Read CLAUDE.md, analyse the repository, and improve CLAUDE.md in place: correct what is out of date, add what is missing, cut what is vague. Do not create AGENTS.md."
        : "Analyse this repository and create an AGENTS.md file at its root: the instructions a coding agent (and a new contributor) needs to work here effectively. Use the Write tool to create it.";
  const parts = [task, WHAT_TO_COVER];
  if (focus) parts.push(`The user asks you to pay particular attention to: ${focus}`);
  parts.push("When done, summarise in a few lines what you wrote or changed.");
  return parts.join("\n\n");
}
