// `/tasks`: what runs in the background — commands (Bash with run_in_background) with their status,
// runtime, the end of their output and where the whole of it is, and background agents — and
// `/tasks stop ID`, which stops one as TaskStop would.
import type { App } from "./app.js";

const TAIL_LINES = 3;

function seconds(from: number, to = Date.now()): string {
  return `${Math.max(0, Math.round((to - from) / 1000))}s`;
}

export function tasksReport(app: Pick<App, "backgroundCommands" | "agents">): string {
  const commands = app.backgroundCommands.list();
  const agents = app.agents.subagents.ids().flatMap((id) => {
    const view = app.agents.subagents.get(id);
    return view ? [view] : [];
  });
  if (commands.length === 0 && agents.length === 0)
    return "No background tasks. Commands the agent runs with run_in_background, and background agents, are listed here.";
  const lines: string[] = [];
  if (commands.length > 0) lines.push("Background commands:");
  for (const view of commands) {
    const exit = view.status !== "running" && view.exitCode !== null ? `, exit ${view.exitCode}` : "";
    lines.push(
      `  ${view.id}  ${view.status} (${seconds(view.startedAt, view.endedAt)}${exit})  ${view.description}`,
    );
    if (view.description !== view.command) lines.push(`      $ ${view.command}`);
    const tail = view.output.replace(/\n$/, "").split("\n").slice(-TAIL_LINES);
    for (const line of tail) if (line.trim()) lines.push(`      │ ${line}`);
    lines.push(`      output: ${view.outputFile}${view.fileTruncated ? " (cut at its size cap)" : ""}`);
  }
  if (agents.length > 0) lines.push(...(lines.length > 0 ? [""] : []), "Background agents:");
  for (const view of agents)
    lines.push(
      `  ${view.id}  ${view.status}  ${view.agentType}: ${view.description}${view.progress ? ` (${view.progress})` : ""}`,
    );
  const running =
    commands.some((view) => view.status === "running") || agents.some((view) => view.status === "running");
  if (running) lines.push("", "/tasks stop ID stops one.");
  return lines.join("\n");
}

export async function stopTask(app: Pick<App, "backgroundCommands" | "agents">, id: string): Promise<string> {
  const command = app.backgroundCommands.get(id);
  if (command) {
    if (!(await app.backgroundCommands.stop(id))) return `${command.id} is not running (${command.status}).`;
    return `Stopped ${command.id} (${command.command}) and every process it started.`;
  }
  const agent = app.agents.subagents.get(id);
  if (agent)
    return app.agents.subagents.stop(id)
      ? `Stopped background agent ${agent.id}.`
      : `${agent.id} is not running (${agent.status}).`;
  return `No background task with id "${id}" (see /tasks).`;
}
