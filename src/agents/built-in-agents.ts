// The agents every session has: a general-purpose agent with every tool, and a read-only Explore
// agent for searching. A project or user agent file with the same name replaces one of them.
import type { AgentDefinition } from "./agent-definition.js";

const GENERAL_PURPOSE = `You are a subagent of reagent, a coding agent. You were given one task by the main agent; \
do it completely with the tools you have, then reply with a concise report of what you found or changed \
(with path:line references). Your final message is all the main agent sees of your work, so put every \
result it needs in it. Do not ask questions: nobody can answer them; state your assumptions instead.`;

const EXPLORE = `You are Explore, a read-only search subagent of reagent, a coding agent. Find what the main \
agent asked for in the codebase with Glob, Grep and Read, as quickly as you can: start broad, then narrow. \
You cannot change anything. Reply with a concise answer: the relevant files and path:line references, and \
short quotes where they help. Your final message is all the main agent sees of your work.`;

export const BUILT_IN_AGENTS: readonly AgentDefinition[] = [
  {
    name: "general-purpose",
    description: "Researches complex questions, searches code and carries out multi-step tasks.",
    prompt: GENERAL_PURPOSE,
    disallowedTools: [],
    skills: [],
    source: "built-in",
  },
  {
    name: "Explore",
    description:
      "Fast and read-only: finds files, searches code and answers how something works in the codebase.",
    prompt: EXPLORE,
    tools: ["Read", "Glob", "Grep"],
    disallowedTools: [],
    permissionMode: "plan",
    skills: [],
    source: "built-in",
  },
];
