// The request that asks the model for a structured handover summary of a history: a system prompt
// for the summarizer and one user message carrying the transcript and the required sections.
import type { Message } from "../model/index.js";
import { CHARS_PER_TOKEN } from "./estimate-tokens.js";
import { renderTranscript } from "./render-transcript.js";

export type SummaryRequestOptions = {
  /** Extra instructions from `/compact <instructions>` or a PreCompact hook. */
  customInstructions?: string;
  /** Upper bound for the transcript size in tokens (default 50,000, fits a 64k window). */
  maxTranscriptTokens?: number;
};

type SummaryRequest = { system: string; messages: Message[] };

export const SUMMARY_SECTIONS = [
  "Goal",
  "Decisions",
  "Files touched",
  "Current state",
  "Next steps",
  "Open questions",
] as const;

const SYSTEM_PROMPT = [
  "You write handover summaries of coding sessions between a user and an AI coding assistant.",
  "The session continues in a fresh context that holds only your summary and the most recent messages,",
  "so the summary must let the assistant carry on without asking again for anything already settled.",
  "Be specific: exact file paths, function names, commands, error messages and user wording matter.",
  "Do not call tools. Reply with the summary only.",
].join(" ");

const SECTION_GUIDE = [
  "## Goal\nWhat the user wants overall, with every explicit requirement and constraint (quote key wording).",
  "## Decisions\nChoices made and why; approaches tried and rejected.",
  "## Files touched\nEach file read, created or changed, and why; include a short snippet only when essential.",
  "## Current state\nWhat is done, what was in progress when the transcript ends, the latest test or command results, unresolved errors.",
  "## Next steps\nThe concrete next actions, in order, in line with the user's most recent request.",
  "## Open questions\nAnything unresolved or waiting for the user (write `None` if there is nothing).",
].join("\n\n");

export function buildSummaryRequest(
  history: readonly Message[],
  options: SummaryRequestOptions = {},
): SummaryRequest {
  const maxChars = (options.maxTranscriptTokens ?? 50_000) * CHARS_PER_TOKEN;
  const transcript = renderTranscript(history, { maxChars });
  const custom = options.customInstructions?.trim();
  const text = [
    "Here is the transcript of the session so far (tool results abbreviated):",
    `<transcript>\n${transcript}\n</transcript>`,
    `Write the summary now, in Markdown, with exactly these sections:\n\n${SECTION_GUIDE}`,
    custom ? `Additional instructions from the user for this summary:\n${custom}` : undefined,
  ]
    .filter((part) => part !== undefined)
    .join("\n\n");
  return { system: SYSTEM_PROMPT, messages: [{ role: "user", content: [{ type: "text", text }] }] };
}
