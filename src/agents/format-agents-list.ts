// Text output of `reagent agents list` and `/agents`: one block per agent with its name, source,
// tools, model and permission mode, then its description; discovery warnings last.
import type { AgentDefinition } from "./agent-definition.js";

function sourceOf(agent: AgentDefinition): string {
  if (agent.source === "cli") return "--agents";
  return agent.path ? `${agent.source}: ${agent.path}` : agent.source;
}

export function formatAgentsList(
  agents: readonly AgentDefinition[],
  warnings: readonly string[] = [],
): string {
  const lines: string[] = [];
  for (const agent of agents) {
    const tools = agent.tools ? agent.tools.join(", ") || "(none)" : "all tools";
    const minus = agent.disallowedTools.length ? ` except ${agent.disallowedTools.join(", ")}` : "";
    const facts = [`tools: ${tools}${minus}`, `model: ${agent.model ?? "inherit"}`];
    if (agent.permissionMode) facts.push(`permission mode: ${agent.permissionMode}`);
    if (agent.skills.length) facts.push(`skills: ${agent.skills.join(", ")}`);
    if (agent.maxTurns) facts.push(`max turns: ${agent.maxTurns}`);
    if (agent.background) facts.push("background");
    if (agent.isolation) facts.push(`isolation: ${agent.isolation}`);
    if (agent.hooks) facts.push(`hooks: ${Object.keys(agent.hooks).join(", ")}`);
    lines.push(`${agent.name}  (${sourceOf(agent)})`);
    lines.push(`  ${agent.description.replace(/\s+/g, " ")}`);
    lines.push(`  ${facts.join(" · ")}`);
  }
  if (warnings.length > 0) lines.push("", "Warnings:", ...warnings.map((warning) => `- ${warning}`));
  return lines.join("\n");
}
