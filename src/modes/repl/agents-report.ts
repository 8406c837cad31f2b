// `/agents` in the REPL: the agent types and the warnings about their definitions (as `reagent
// agents list` prints them), then the background agents of this session with their state.
import { formatAgentsList } from "../../agents/format-agents-list.js";
import type { App } from "../../app/index.js";

export function agentsReport(runtime: Pick<App, "agents">): string {
  const { agents, subagents } = runtime.agents;
  const lines = [formatAgentsList(agents, runtime.agents.definitionWarnings)];
  const ids = subagents.ids();
  if (ids.length > 0) {
    lines.push("", "Background agents:");
    for (const id of ids) {
      const view = subagents.get(id)!;
      lines.push(
        `  ${id}  ${view.agentType}: ${view.description}  ${view.status}${view.progress ? ` (${view.progress})` : ""}`,
      );
    }
  }
  return lines.join("\n");
}
