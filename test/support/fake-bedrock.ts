// Amazon Bedrock's side of the fake model server: `POST /model/{modelId}/invoke-with-response-stream`
// checks the SigV4 Authorization header's presence and shape (AWS4-HMAC-SHA256 Credential=key/date/
// region/bedrock/aws4_request, SignedHeaders, Signature; x-amz-date of the same day; a session token
// header signed when sent) or a Bedrock API key (Bearer), and the body Bedrock takes (the Messages
// body with `anthropic_version: bedrock-2023-05-31`, without `model` and `stream`). The Anthropic
// events it then plays go out as event-stream `chunk` frames, as Bedrock sends them.
import type { IncomingHttpHeaders } from "node:http";
import { chunkMessage, exceptionMessage } from "./fake-event-stream.js";
import type { SseEvent } from "./fake-model-server-wire.js";

const PATH = /^\/model\/([^/]+)\/invoke-with-response-stream$/;
const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([A-Za-z0-9]+)\/(\d{8})\/([a-z0-9-]+)\/bedrock\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/;

export type BedrockRefusal = { status: number; message: string };

/** The model id of a Bedrock streaming path, or undefined for any other path. */
export function bedrockModelOf(path: string): string | undefined {
  const match = PATH.exec(path);
  return match ? decodeURIComponent(match[1]!) : undefined;
}

/** The Claude id the Anthropic rules know a Bedrock id by (`us.anthropic.claude-x-v1:0` → `claude-x`). */
export function claudeIdOf(bedrockId: string): string {
  return bedrockId.replace(/^([a-z-]+\.)?anthropic\./, "").replace(/-v\d+(:\d+)?$/, "");
}

export function checkBedrockAuth(headers: IncomingHttpHeaders, region: string): BedrockRefusal | undefined {
  const authorization = headers.authorization;
  if (authorization === undefined) return { status: 403, message: "Missing Authentication Token" };
  if (/^Bearer \S+$/.test(authorization)) return undefined;
  const match = AUTHORIZATION.exec(authorization);
  const invalid = (why: string): BedrockRefusal => ({
    status: 403,
    message: `The request signature we calculated does not match the signature you provided (${why}).`,
  });
  if (!match) return invalid(`malformed Authorization header: ${authorization.slice(0, 60)}`);
  const [, , day, scope, signed] = match;
  const date = String(headers["x-amz-date"] ?? "");
  if (!/^\d{8}T\d{6}Z$/.test(date) || date.slice(0, 8) !== day)
    return invalid(`x-amz-date ${date} for ${day}`);
  if (scope !== region)
    return {
      status: 403,
      message: `Credential should be scoped to a valid region, not '${scope}'; this endpoint is ${region}.`,
    };
  const names = signed!.split(";");
  for (const required of [
    "host",
    "x-amz-date",
    ...(headers["x-amz-security-token"] ? ["x-amz-security-token"] : []),
  ])
    if (!names.includes(required)) return invalid(`${required} is not signed`);
  const missing = names.find((name) => headers[name] === undefined);
  if (missing) return invalid(`signed header ${missing} was not sent`);
  return undefined;
}

export function checkBedrockBody(body: Record<string, unknown>): BedrockRefusal | undefined {
  const malformed = (detail: string) => ({
    status: 400,
    message: `Malformed input request: #: ${detail}, please reformat your input and try again.`,
  });
  if (body.anthropic_version === undefined) return malformed("required key [anthropic_version] not found");
  if (body.anthropic_version !== "bedrock-2023-05-31")
    return malformed(`anthropic_version: ${String(body.anthropic_version)} is not a valid enum value`);
  for (const key of ["model", "stream"])
    if (body[key] !== undefined) return malformed(`extraneous key [${key}] is not permitted`);
  return undefined;
}

export function bedrockErrorBody(message: string): string {
  return JSON.stringify({ message });
}

/** The Anthropic events as `chunk` frames; message_stop carries Bedrock's invocation metrics. */
export function bedrockFrames(events: SseEvent[], corruptSecond: boolean): Buffer[] {
  return events.map((event, index) => {
    let data = event.data;
    const parsed = JSON.parse(data) as { type?: string };
    if (parsed.type === "message_stop")
      data = JSON.stringify({
        ...parsed,
        "amazon-bedrock-invocationMetrics": {
          inputTokenCount: 1,
          outputTokenCount: 1,
          invocationLatency: 5,
          firstByteLatency: 2,
        },
      });
    return chunkMessage(data, corruptSecond && index === 1);
  });
}

export { exceptionMessage };
