// The fixture of the "every tool goes through the one runner" tests: a workspace with a file and a
// skill, a real MCP fixture server over stdio, the Skill and MCP tools built from them, and a valid
// input for each tool (the runner rejects invalid input before PreToolUse, which would prove nothing).
import { after } from "node:test";
import { createMcpManager } from "../../src/mcp/manager.js";
import { discoverSkills } from "../../src/skills/discover-skills.js";
import { createSkillTool } from "../../src/skills/skill-tool.js";
import type { Tool } from "../../src/tools/tool.js";
import { FIXTURE_CONNECT_MS, fixtureSpec } from "../mcp/fixture-specs.js";
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
  Task: { description: "nested", prompt: "nested" },
  TaskOutput: { task_id: "none" },
  TaskStop: { task_id: "none" },
};

/** The workspace and MCP server, removed and closed after the test file. `extraTools()` connects
 *  the server (failing loudly if it cannot) and returns the Skill tool and the server's tools. */
export function createEveryToolFixture() {
  const workspace = createWorkspace({
    "a.txt": "hello\n",
    ".agents/skills/demo/SKILL.md": "---\nname: demo\ndescription: A demo skill.\n---\nDo the demo.\n",
  });
  const manager = createMcpManager({
    servers: { fx: fixtureSpec("good-server.ts") },
    cwd: workspace.dir,
    connectTimeoutMs: FIXTURE_CONNECT_MS,
  });
  after(async () => {
    await manager.close();
    workspace.cleanup();
  });
  async function extraTools(): Promise<Tool[]> {
    const failures = await manager.connectAll();
    if (failures.length > 0) throw new Error(`the MCP fixture did not start: ${JSON.stringify(failures)}`);
    const { skills } = await discoverSkills({ cwd: workspace.dir, homeDir: workspace.dir });
    return [createSkillTool({ skills }), ...manager.tools()];
  }
  return { workspace, extraTools };
}
