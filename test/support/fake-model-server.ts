// Wire-level fake model server for tests and demos: node:http on 127.0.0.1 that answers
// `POST /v1/messages` with Anthropic SSE, `POST /v1/chat/completions` with OpenAI SSE and
// `POST /v1/responses` with Responses API SSE and Bedrock's `POST /model/{id}/invoke-with-response-stream`
// with event-stream frames (fake-bedrock.ts), one script turn per request, plays faults (HTTP errors with retry-after, dropped connections,
// malformed events, slow chunks) and records every request it received. Requests of subagents go
// to their own scripted turns (fake-model-routes.ts). Like the real APIs it refuses (HTTP 400,
// without using a turn) requests the real server would refuse, emulates prompt caching in its usage
// figures, and issues signed thinking blocks / reasoning_content (fake-anthropic-rules.ts,
// fake-openai-rules.ts).
// Standalone: `node --import tsx test/support/fake-model-server.ts SCRIPT.json [--port N]`.

import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import type { ScriptedTurn } from "../../src/providers/script-format.js";
import {
  type AnthropicState,
  type AnthropicVerdict,
  judgeAnthropicRequest,
  redactedData,
  signThinking,
} from "./fake-anthropic-rules.js";
import {
  bedrockErrorBody,
  bedrockFrames,
  bedrockModelOf,
  checkBedrockAuth,
  checkBedrockBody,
  claudeIdOf,
  exceptionMessage,
} from "./fake-bedrock.js";
import { createTurnRouter, parseRoutedScript, type RoutedScript, routingText } from "./fake-model-routes.js";
import {
  anthropicEvents,
  errorBody,
  formatSse,
  type IssuedBlock,
  malformedEvent,
  type OpenAIPlan,
  openaiEvents,
  type SseEvent,
  toolCallId,
} from "./fake-model-server-wire.js";
import {
  encryptReasoning,
  judgeResponsesRequest,
  type ResponsesState,
  type ResponsesVerdict,
} from "./fake-openai-responses-rules.js";
import { responsesEvents } from "./fake-openai-responses-wire.js";
import { judgeOpenAIRequest, type OpenAIVerdict } from "./fake-openai-rules.js";
import { DEFAULT_MIN_CACHE_TOKENS, PromptCache } from "./fake-prompt-cache.js";
import { checkWebSearchRequest } from "./fake-web-search.js";

export { splitRealistically } from "./fake-model-server-wire.js";

export type RecordedRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: unknown };

export type FakeModelServerOptions = {
  port?: number;
  /** Model name reported when the request names none. */
  model?: string;
  /** Called for every request (the standalone mode logs them). */
  onRequest?: (request: RecordedRequest, turnNumber: number) => void;
  /** Smallest prefix the prompt cache stores (default 1,024 tokens). */
  minCacheTokens?: number;
  /** Stream OpenAI-compatible reasoning as `reasoning` (vLLM) instead of `reasoning_content`. */
  reasoningField?: "reasoning_content" | "reasoning";
  /** The AWS region the Bedrock route serves (SigV4 credential scopes must name it; default us-east-1). */
  bedrockRegion?: string;
  /** Keep only the newest N requests in `requests` (default: all). A benchmark of a long session sets
   *  it, so that the server's own heap does not grow with every request body it has seen. */
  keepRequests?: number;
};

export type FakeModelServer = {
  url: string;
  anthropicBaseURL: string;
  openaiBaseURL: string;
  requests: RecordedRequest[];
  /** Requests refused with HTTP 400 the way the real API would refuse them (no turn was used). */
  refusals: Array<{ path: string; message: string }>;
  /** How many script turns have been consumed (all routes). */
  turnsServed(): number;
  /** Turns consumed per route ("main" for the main turns). */
  turnsByRoute(): Record<string, number>;
  close(): Promise<void>;
};

type Api = "anthropic" | "openai" | "responses" | "bedrock";
type Verdict =
  | (Extract<AnthropicVerdict, { ok: true }> & { api: "anthropic" })
  | (Extract<OpenAIVerdict, { ok: true }> & { api: "openai" })
  | (Extract<ResponsesVerdict, { ok: true }> & { api: "responses" });

export async function startFakeModelServer(
  script: RoutedScript,
  options: FakeModelServerOptions = {},
): Promise<FakeModelServer> {
  const router = createTurnRouter(script);
  const requests: RecordedRequest[] = [];
  let received = 0;
  const refusals: FakeModelServer["refusals"] = [];
  const cache = new PromptCache(options.minCacheTokens ?? DEFAULT_MIN_CACHE_TOKENS);
  const anthropic: AnthropicState = { cache, secret: randomBytes(16).toString("hex"), issued: new Map() };
  const responses: ResponsesState = {
    cache,
    secret: randomBytes(16).toString("hex"),
    issuedCalls: new Map(),
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end(`fake model server failed: ${String(error)}`);
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const text = await readBody(req);
    const path = (req.url ?? "/").split("?")[0]!;
    let body: unknown = text;
    try {
      body = text === "" ? undefined : JSON.parse(text);
    } catch {
      // Recorded as raw text; the route below answers 400.
    }
    const recorded: RecordedRequest = { method: req.method ?? "GET", path, headers: req.headers, body };
    requests.push(recorded);
    received++;
    if (options.keepRequests !== undefined && requests.length > options.keepRequests)
      requests.splice(0, requests.length - options.keepRequests);
    const bedrockModel = req.method === "POST" ? bedrockModelOf(path) : undefined;
    const api: Api | undefined =
      bedrockModel !== undefined
        ? "bedrock"
        : req.method === "POST" && path.endsWith("/messages")
          ? "anthropic"
          : req.method === "POST" && path.endsWith("/chat/completions")
            ? "openai"
            : req.method === "POST" && path.endsWith("/responses")
              ? "responses"
              : undefined;
    if (api === undefined) {
      sendJson(res, 404, { error: { message: `fake model server: no route for ${req.method} ${path}` } });
      return;
    }
    if (typeof body !== "object" || body === null) {
      res.writeHead(400, { "content-type": "application/json" });
      res.end(errorText(api, 400, "fake model server: request body is not JSON"));
      return;
    }
    if (bedrockModel !== undefined) {
      const refusal =
        checkBedrockAuth(req.headers, options.bedrockRegion ?? "us-east-1") ??
        checkBedrockBody(body as Record<string, unknown>);
      if (refusal) {
        refusals.push({ path, message: refusal.message });
        res.writeHead(refusal.status, { "content-type": "application/json" });
        res.end(bedrockErrorBody(refusal.message));
        return;
      }
      const { anthropic_version: _version, ...rest } = body as Record<string, unknown>;
      body = { ...rest, model: claudeIdOf(bedrockModel) };
    }
    const turnNumber = router.total();
    options.onRequest?.(recorded, turnNumber);
    const model =
      typeof (body as { model?: unknown }).model === "string"
        ? String((body as { model: string }).model)
        : (options.model ?? "fake-model");
    const verdict = judge(api, body as Record<string, unknown>, model);
    if (!verdict.ok) {
      refusals.push({ path, message: verdict.message });
      res.writeHead(400, { "content-type": "application/json" });
      res.end(errorText(api, 400, verdict.message));
      return;
    }
    const routing = routingText(body as Record<string, unknown>);
    const choice = router.next(routing.system, routing.firstUserText);
    if (choice.kind === "exhausted") {
      res.writeHead(500, { "content-type": "application/json" });
      const route = choice.route === "main" ? "" : ` of the route matching ${JSON.stringify(choice.route)}`;
      const message = `fake model server: script exhausted: all ${choice.used} turns${route} were used, request ${received} to ${path} has no turn`;
      res.end(errorText(api, 500, message));
      return;
    }
    const turn = choice.turn;
    const events =
      verdict.api === "anthropic"
        ? anthropicEvents(turn, turnNumber, model, body, {
            thinking: issueThinking(turn, turnNumber, verdict),
            input: verdict.usage,
          })
        : verdict.api === "responses"
          ? responsesEvents(turn, turnNumber, model, responsesPlan(turn, turnNumber, verdict))
          : openaiEvents(
              turn,
              turnNumber,
              model,
              body as Record<string, unknown>,
              openaiPlan(turn, turnNumber, verdict),
            );
    await playTurn(api, turn, events, res);
  }

  function judge(
    api: Api,
    body: Record<string, unknown>,
    model: string,
  ): Verdict | { ok: false; message: string } {
    if (api === "anthropic" || api === "bedrock") {
      const webSearch = checkWebSearchRequest(body);
      if (webSearch) return { ok: false, message: webSearch };
      const verdict = judgeAnthropicRequest(body, model, anthropic);
      return verdict.ok ? { ...verdict, api: "anthropic" } : verdict;
    }
    if (api === "responses") {
      const verdict = judgeResponsesRequest(body, model, responses);
      return verdict.ok ? { ...verdict, api } : verdict;
    }
    const verdict = judgeOpenAIRequest(body, model, cache, options.reasoningField);
    return verdict.ok ? { ...verdict, api } : verdict;
  }

  /** A reasoning model starts with a reasoning item; the calls it makes are remembered with it. */
  function responsesPlan(
    turn: ScriptedTurn,
    turnNumber: number,
    verdict: Extract<Verdict, { api: "responses" }>,
  ) {
    const text = turn.thinking ?? `Reasoning about step ${turnNumber + 1}.`;
    const id = `rs_fake_${turnNumber}`;
    const reasoning =
      verdict.reasoning && text !== ""
        ? {
            id,
            text,
            summary: verdict.summary,
            ...(verdict.encrypted ? { encrypted: encryptReasoning(responses.secret, id) } : {}),
          }
        : undefined;
    if (reasoning)
      (turn.tool_calls ?? []).forEach((call, index) => {
        responses.issuedCalls.set(toolCallId(turnNumber, index, call.id, "call"), id);
      });
    return { reasoning, prompt: verdict.prompt, cached: verdict.cached };
  }

  /** The signed thinking blocks a response starts with; remembered per tool_use id it issues. */
  function issueThinking(
    turn: ScriptedTurn,
    turnNumber: number,
    verdict: Extract<Verdict, { api: "anthropic" }>,
  ): IssuedBlock[] {
    const blocks: IssuedBlock[] = [];
    const on = verdict.thinking === "on";
    if (on && turn.redacted_thinking)
      blocks.push({
        type: "redacted_thinking",
        data: redactedData(anthropic.secret, `${turnNumber}-${randomBytes(4).toString("hex")}`),
      });
    if (on && (turn.thinking !== "" || verdict.manual)) {
      const thought = verdict.summarized ? turn.thinking || `Thinking about step ${turnNumber + 1}.` : "";
      blocks.push({
        type: "thinking",
        thinking: thought,
        signature: signThinking(anthropic.secret, thought),
      });
    }
    const first = blocks[0];
    (turn.tool_calls ?? []).forEach((call, index) => {
      const id = toolCallId(turnNumber, index, call.id, "toolu");
      anthropic.issued.set(
        id,
        first === undefined
          ? undefined
          : first.type === "thinking"
            ? { kind: "thinking", value: first.signature }
            : { kind: "redacted_thinking", value: first.data },
      );
    });
    return blocks;
  }

  function openaiPlan(
    turn: ScriptedTurn,
    turnNumber: number,
    verdict: Extract<Verdict, { api: "openai" }>,
  ): OpenAIPlan {
    const field = verdict.profile.reasoningField;
    const text = turn.thinking ?? `Reasoning about step ${turnNumber + 1}.`;
    return {
      prompt: verdict.prompt,
      cached: verdict.cached,
      deepseekUsage: verdict.profile.family === "deepseek",
      ...(field && text !== "" ? { reasoning: { field, text } } : {}),
    };
  }

  async function playTurn(
    api: Api,
    turn: ScriptedTurn,
    events: SseEvent[],
    res: ServerResponse,
  ): Promise<void> {
    const fault = turn.fault ?? {};
    if (fault.status !== undefined && (fault.status < 200 || fault.status >= 300)) {
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (fault.retry_after !== undefined) headers["retry-after"] = String(fault.retry_after);
      res.writeHead(fault.status, headers);
      res.end(fault.body ?? errorText(api, fault.status, `fake model server: scripted HTTP ${fault.status}`));
      return;
    }
    if (fault.drop_after_chunks === 0) {
      // Reset before the first byte: no status line, no headers.
      res.socket?.destroy();
      return;
    }
    const bedrock = api === "bedrock";
    res.writeHead(200, {
      "content-type": bedrock ? "application/vnd.amazon.eventstream" : "text/event-stream",
      ...(bedrock ? { "x-amzn-bedrock-content-type": "application/json" } : {}),
      "cache-control": "no-cache",
      connection: "keep-alive",
    });
    res.flushHeaders();
    const frames: Array<string | Buffer> = bedrock
      ? bedrockFrames(events, fault.malformed_event === true)
      : events.map(formatSse);
    if (bedrock && fault.stream_error)
      frames.splice(
        1,
        frames.length,
        exceptionMessage(fault.stream_error, `fake model server: scripted ${fault.stream_error}`),
      );
    let written = 0;
    for (const frame of frames) {
      if (res.destroyed) return;
      if (fault.drop_after_chunks !== undefined && written >= fault.drop_after_chunks) {
        res.socket?.destroy();
        return;
      }
      if (fault.malformed_event === true && written === 1 && !bedrock) {
        res.end(malformedEvent(api));
        return;
      }
      if (fault.chunk_delay_ms !== undefined && written > 0) await sleep(fault.chunk_delay_ms);
      if (res.destroyed) return;
      res.write(frame);
      written++;
    }
    res.end();
  }

  await new Promise<void>((resolveListen, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolveListen());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    anthropicBaseURL: url,
    openaiBaseURL: `${url}/v1`,
    requests,
    refusals,
    turnsServed: () => router.total(),
    turnsByRoute: () => router.served(),
    close: () =>
      new Promise<void>((resolveClose) => {
        server.close(() => resolveClose());
        server.closeAllConnections();
      }),
  };
}

function errorText(api: Api, status: number, message: string): string {
  return api === "bedrock" ? bedrockErrorBody(message) : errorBody(api, status, message);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolveBody(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(value));
}

async function main(argv: string[]): Promise<void> {
  const portFlag = argv.indexOf("--port");
  const port = portFlag >= 0 ? Number(argv[portFlag + 1]) : 0;
  const file = argv.find((arg, index) => !arg.startsWith("--") && (portFlag < 0 || index !== portFlag + 1));
  if (!file) {
    process.stderr.write(
      "usage: node --import tsx test/support/fake-model-server.ts SCRIPT.json [--port N]\n",
    );
    process.exit(2);
  }
  const parsed = parseRoutedScript(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.ok) {
    process.stderr.write(`${file}: not a valid script: ${parsed.error}\n`);
    process.exit(2);
  }
  const server = await startFakeModelServer(parsed.script, {
    port,
    onRequest: (request, turn) =>
      process.stderr.write(`[fake-model-server] ${request.path} → turn ${turn}\n`),
  });
  process.stdout.write(
    `${server.url}\nANTHROPIC_BASE_URL=${server.anthropicBaseURL}\nOPENAI_BASE_URL=${server.openaiBaseURL}\n`,
  );
  process.on("SIGINT", () => void server.close().then(() => process.exit(0)));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await main(process.argv.slice(2));
}
