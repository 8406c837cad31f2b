// The fixture of the "every tool goes through the one runner" tests: a workspace with a file, a skill
// and a project MCP configuration naming a real fixture server over stdio, and a valid input for each
// tool (the runner rejects invalid input before PreToolUse, which would prove nothing).

import { after } from "node:test";
import { FIXTURE_CONNECT_MS, fixtureSpec } from "../mcp/fixture-specs.js";
import { choiceQuestion } from "./ask-questions.js";
import { createWorkspace } from "./workspace.js";

export const VALID_INPUT: Record<string, Record<string, unknown>> = {
  Read: { file_path: "a.txt" },
  Write: { file_path: "new.txt", content: "x" },
  Edit: { file_path: "a.txt", old_string: "hello", new_string: "bye" },
  Glob: { pattern: "*" },
  Grep: { pattern: "hello" },
  Bash: { command: "touch ran-bash" },
  Skill: { skill: "demo" },
  TaskCreate: { subject: "s", description: "d" },
  TaskUpdate: { taskId: "1", status: "completed" },
  TaskList: {},
  TaskGet: { taskId: "1" },
  ListMcpResources: {},
  ReadMcpResource: { server: "fx", uri: "fixture://readme" },
  Agent: { description: "nested", prompt: "nested" },
  TaskOutput: { task_id: "none" },
  TaskStop: { task_id: "none" },
  WebFetch: { url: "http://127.0.0.1:9/", prompt: "summarise" },
  Task: { description: "nested", prompt: "nested" },
  AskUserQuestion: { questions: [choiceQuestion("Which one?", "Pick", { a: "the first", b: "the second" })] },
  ExitPlanMode: { plan: "1. Do the thing." },
};

/** The workspace with a skill and an `.mcp.json` naming the fixture MCP server: the application
 *  discovers the skill and connects the server as it would in a real project. */
export function createEveryToolFixture() {
  const workspace = createWorkspace({
    "a.txt": "hello\n",
    ".agents/skills/demo/SKILL.md": "---\nname: demo\ndescription: A demo skill.\n---\nDo the demo.\n",
    ".mcp.json": JSON.stringify({ mcpServers: { fx: fixtureSpec("good-server.ts") } }),
  });
  after(() => workspace.cleanup());
  /** MCP start-up limits for the fixture server (tsx compiles it on start). */
  const env = { MCP_TIMEOUT: String(FIXTURE_CONNECT_MS) };
  return { workspace, env };
}
