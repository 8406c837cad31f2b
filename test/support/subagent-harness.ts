// Subagent tests' entry: the production application (createApp, through test-app.ts) with a routed
// scripted model (main turns plus one list per subagent prompt), so a parent and its subagents share
// one model; the gate's decisions are read from its trace, with the agent each was made for.
import { createTestApp, type TestAppOptions } from "./test-app.js";

export type SubagentHarnessOptions = TestAppOptions;

export async function createSubagentHarness(options: SubagentHarnessOptions) {
  const made = await createTestApp(options);
  const { agents } = made.app;
  return { ...made, subagents: agents.subagents, tasks: agents.tasks };
}

/** The tool_result blocks of a recorded request's last message. */
export function lastResults(request: { messages: Array<{ content: unknown }> }) {
  const last = request.messages.at(-1) as {
    content: Array<{
      type: string;
      tool_use_id?: string;
      content?: string;
      is_error?: boolean;
      text?: string;
    }>;
  };
  return last.content;
}
