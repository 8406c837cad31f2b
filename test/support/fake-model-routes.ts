// Routes each model request to its own list of scripted turns, so one fake model plays a parent and
// its subagents: a route is chosen when its `match` text occurs in the request's system prompt or
// first user message (a subagent's prompt, or its agent file's body); anything else plays the main
// `turns`. Each route keeps its own position, so parallel subagents each get their next turn.
// Used by the wire-level fake server (fake-model-server.ts) and the in-process routed client.
import { type Script, type ScriptedTurn, scriptSchema } from "../../src/providers/script-format.js";

export type ScriptRoute = { match: string; turns: Script };
/** A plain script, or main turns plus routes for subagents. */
export type RoutedScript = Script | { turns: Script; routes: ScriptRoute[] };

export type TurnChoice =
  | { kind: "turn"; turn: ScriptedTurn; route: string }
  | { kind: "exhausted"; route: string; used: number };

export type TurnRouter = {
  /** The next turn for a request with this system prompt and first user message. */
  next(system: string, firstUserText: string): TurnChoice;
  /** Turns played so far, per route ("main" for the main turns). */
  served(): Record<string, number>;
  total(): number;
};

export function createTurnRouter(script: RoutedScript): TurnRouter {
  const main = scriptSchema.parse(Array.isArray(script) ? script : script.turns);
  const routes = (Array.isArray(script) ? [] : script.routes).map((route) => ({
    match: route.match,
    turns: scriptSchema.parse(route.turns),
  }));
  const positions = new Map<string, number>();
  let total = 0;
  return {
    next(system, firstUserText) {
      const route = routes.find(
        (candidate) => system.includes(candidate.match) || firstUserText.includes(candidate.match),
      );
      const name = route ? route.match : "main";
      const turns = route ? route.turns : main;
      const position = positions.get(name) ?? 0;
      const turn = turns[position];
      if (turn === undefined) return { kind: "exhausted", route: name, used: turns.length };
      positions.set(name, position + 1);
      total++;
      return { kind: "turn", turn, route: name };
    },
    served: () => Object.fromEntries(positions),
    total: () => total,
  };
}

/** Validates a script read from a file (plain or routed). */
export function parseRoutedScript(
  data: unknown,
): { ok: true; script: RoutedScript } | { ok: false; error: string } {
  try {
    createTurnRouter(data as RoutedScript);
    return { ok: true, script: data as RoutedScript };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((block) => (block && typeof block === "object" && typeof block.text === "string" ? block.text : ""))
    .join("\n");
}

/** The system prompt and first user message of an Anthropic Messages or Chat Completions body. */
export function routingText(body: Record<string, unknown>): { system: string; firstUserText: string } {
  const messages = Array.isArray(body.messages) ? (body.messages as Array<Record<string, unknown>>) : [];
  const system = [
    textOf(body.system),
    ...messages
      .filter((message) => message.role === "system" || message.role === "developer")
      .map((message) => textOf(message.content)),
  ].join("\n");
  const firstUser = messages.find((message) => message.role === "user");
  return { system, firstUserText: textOf(firstUser?.content) };
}
