// The in-process counterpart of the fake server's routing: a ModelClient that plays a routed script
// (main turns plus one list per subagent prompt) and records every request with the route it took.
// Session-level tests use it so a parent and its subagents share one scripted model.
import type { ModelClient, ModelEvent, ModelRequest } from "../../src/model/types.js";
import type { RecordedRequest } from "../../src/providers/scripted.js";
import { createScriptedClient } from "../../src/providers/scripted.js";
import { createTurnRouter, type RoutedScript } from "./fake-model-routes.js";

export type RoutedRequest = RecordedRequest & { route: string };

export function createRoutedScriptedClient(script: RoutedScript, model = "scripted-model") {
  const router = createTurnRouter(script);
  const requests: RoutedRequest[] = [];
  const client: ModelClient & { requests: RoutedRequest[] } = {
    provider: "scripted",
    model,
    requests,
    async *stream(request: ModelRequest): AsyncIterable<ModelEvent> {
      const first = request.messages.find((message) => message.role === "user");
      const firstText = (first?.content ?? [])
        .map((block) => (block.type === "text" ? block.text : ""))
        .join("\n");
      const choice = router.next(request.system, firstText);
      requests.push({
        system: request.system,
        messages: structuredClone(request.messages),
        tools: request.tools,
        route: choice.route,
      });
      if (choice.kind === "exhausted") {
        yield {
          type: "error",
          error: { kind: "server", message: `script exhausted for route ${JSON.stringify(choice.route)}` },
        };
        return;
      }
      // One turn, played by the scripted provider (the same events a real adapter streams); tool call
      // ids stay unique across routes and turns.
      const number = requests.length;
      const turn = {
        ...choice.turn,
        tool_calls: choice.turn.tool_calls?.map((call, index) => ({
          ...call,
          id: call.id ?? `toolu_routed_${number}_${index}`,
        })),
      };
      yield* createScriptedClient({ script: [turn], model, record: false }).stream(request);
    },
  };
  return client;
}
