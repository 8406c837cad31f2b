// Runs one `type: "http"` hook the way Claude Code does: POST the event's JSON payload to the hook's
// URL (its own headers, where `$NAME` / `${NAME}` is filled only for names listed in
// `allowedEnvVars` and is empty otherwise), then read the answer as a command's stdout: a 2xx with
// an empty body is success without output, a 2xx with a JSON object is parsed like a command's
// JSON; any other body, a non-2xx status (redirects are not followed), a connection failure or the
// timeout is a hook error. The result has a command's shape, so parsing and merging are shared.
import http from "node:http";
import https from "node:https";
import { type CommandResult, resultSince } from "./run-command.js";

type HttpHookSpec = {
  url: string;
  headers: Record<string, string>;
  allowedEnvVars: readonly string[];
  env: Record<string, string | undefined>;
  body: string;
  timeoutMs: number;
  signal?: AbortSignal;
};

const BODY_LIMIT = 1024 * 1024;
const REFERENCE = /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g;

/** A header value with `$NAME` / `${NAME}` filled from `env` for allowed names, "" for the rest. */
function fillHeader(value: string, allowed: readonly string[], env: Record<string, string | undefined>) {
  return value.replace(REFERENCE, (_, braced?: string, bare?: string) => {
    const name = braced ?? bare;
    if (name === undefined) return "";
    return allowed.includes(name) ? (env[name] ?? "") : "";
  });
}

export function runHttpHook(spec: HttpHookSpec): Promise<CommandResult> {
  const started = performance.now();
  const result = (fields: Partial<CommandResult>) => resultSince(started, fields);
  const failed = (message: string, kind: "http" | "timeout" | "aborted" = "http") =>
    result({ failure: { kind, message } });
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(spec.url);
    } catch {
      resolve(failed(`invalid URL ${spec.url}`));
      return;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(spec.headers))
      headers[name] = fillHeader(value, spec.allowedEnvVars, spec.env);
    headers["content-type"] = "application/json";
    const client = url.protocol === "https:" ? https : http;
    const request = client.request(url, { method: "POST", headers, signal: spec.signal }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size <= BODY_LIMIT) chunks.push(chunk);
      });
      response.on("error", (error) => resolve(failed(error.message)));
      response.on("end", () => {
        clearTimeout(timer);
        const status = response.statusCode ?? 0;
        const body = Buffer.concat(chunks).toString("utf8");
        if (status < 200 || status > 299) {
          resolve(
            failed(
              `${url.origin} answered HTTP ${status}${body.trim() ? `: ${body.trim().slice(0, 200)}` : ""}`,
            ),
          );
          return;
        }
        if (body.trim() === "") {
          resolve(result({ exitCode: 0 }));
          return;
        }
        let parsed: unknown;
        try {
          parsed = JSON.parse(body);
        } catch {
          parsed = undefined;
        }
        if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
          resolve(failed(`${url.origin} answered HTTP ${status} with a body that is not a JSON object`));
        else resolve(result({ exitCode: 0, stdout: body, stdoutTruncated: size > BODY_LIMIT }));
      });
    });
    const timer = setTimeout(() => {
      request.destroy();
      resolve(failed(`timed out after ${spec.timeoutMs} ms`, "timeout"));
    }, spec.timeoutMs);
    request.on("error", (error) => {
      clearTimeout(timer);
      resolve(
        spec.signal?.aborted ? failed("aborted", "aborted") : failed(`${url.origin}: ${error.message}`),
      );
    });
    request.end(spec.body);
  });
}
