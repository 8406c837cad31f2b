// `type: "http"` hooks against a real local HTTP server: the payload is POSTed as JSON; a 2xx JSON
// answer decides like a command's stdout, an empty 2xx is no decision; a non-2xx, a body that is no
// JSON object, a refused connection and the timeout are hook errors (onError decides); header values
// fill $NAME only for allowedEnvVars; configuration mistakes are start-up errors naming the field.
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, test } from "node:test";
import { HookConfigError } from "../../src/hooks/config-types.js";
import { loadHookConfig } from "../../src/hooks/load-config.js";
import { tempFolder } from "../support/temp-folder.js";
import { claude, harness, pre } from "./harness.js";

type Seen = { path: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> };
const seen: Seen[] = [];
/** Each path answers as its name says. */
const answers: Record<string, (response: http.ServerResponse) => void> = {
  "/deny": (response) =>
    response.end(
      JSON.stringify({
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "deny",
          permissionDecisionReason: "Policy service says no.",
        },
      }),
    ),
  "/empty": (response) => response.end(),
  "/error": (response) => {
    response.statusCode = 503;
    response.end("down for maintenance");
  },
  "/text": (response) => response.end("ok"),
  "/moved": (response) => {
    response.writeHead(307, { location: "/deny" });
    response.end();
  },
  "/slow": () => {},
};
const server = http.createServer((request, response) => {
  let body = "";
  request.on("data", (chunk) => (body += chunk));
  request.on("end", () => {
    seen.push({ path: request.url ?? "", headers: request.headers, body: JSON.parse(body) });
    answers[request.url ?? ""]?.(response);
  });
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
after(() => {
  server.closeAllConnections();
  server.close();
});

const httpHook = (path: string, extra: Record<string, unknown> = {}) => ({
  type: "http",
  url: `${base}${path}`,
  ...extra,
});

test("a 2xx JSON answer decides like a command's output; the payload and filled headers arrive", async () => {
  const h = await harness(
    tempFolder("http-hooks"),
    {
      settings: [
        claude("PreToolUse", [
          {
            matcher: "Bash",
            hooks: [
              httpHook("/deny", {
                // biome-ignore lint/suspicious/noTemplateCurlyInString: a header reference, not a template
                headers: { Authorization: "Bearer $POLICY_TOKEN", "X-Other": "${SECRET}-x" },
                allowedEnvVars: ["POLICY_TOKEN"],
              }),
            ],
          },
        ]),
      ],
    },
    { baseEnv: { PATH: process.env.PATH, POLICY_TOKEN: "t0k3n", SECRET: "must-not-leak" } },
  );
  seen.length = 0;
  const outcome = await h.engine.preToolUse(pre);
  assert.equal(outcome.decision, "deny");
  assert.equal(outcome.reason, "Policy service says no.");
  assert.equal(seen.length, 1);
  assert.equal(seen[0]!.headers.authorization, "Bearer t0k3n");
  assert.equal(seen[0]!.headers["x-other"], "-x", "a variable not in allowedEnvVars is empty");
  assert.equal(seen[0]!.headers["content-type"], "application/json");
  assert.equal(seen[0]!.body.hook_event_name, "PreToolUse");
  assert.deepEqual(seen[0]!.body.tool_input, { command: "ls" });
});

test("an empty 2xx is no decision; a 503, a text body, a redirect, a refused connection and a timeout are hook errors", async () => {
  seen.length = 0;
  const h = await harness(tempFolder("http-hooks"), {
    settings: [
      claude("PreToolUse", [
        {
          hooks: [
            httpHook("/empty"),
            httpHook("/error"),
            httpHook("/text"),
            httpHook("/moved"),
            { type: "http", url: "http://127.0.0.1:9/closed" },
            httpHook("/slow", { timeout: 1 }),
          ],
        },
      ]),
    ],
  });
  const outcome = await h.engine.preToolUse(pre);
  assert.equal(outcome.decision, "none", "errors do not block by default (onError warn)");
  const errors = h.notices.filter((notice) => notice.kind === "error").map((notice) => notice.text);
  assert.equal(errors.length, 5, errors.join("\n"));
  assert.ok(
    errors.some((text) => /answered HTTP 307/.test(text)),
    "a redirect is not followed",
  );
  assert.equal(
    seen.filter((request) => request.path === "/deny").length,
    0,
    "nothing reached the redirect's target",
  );
  assert.ok(
    errors.some((text) => /answered HTTP 503: down for maintenance/.test(text)),
    errors.join("\n"),
  );
  assert.ok(errors.some((text) => /answered HTTP 200 with a body that is not a JSON object/.test(text)));
  assert.ok(
    errors.some((text) => /127\.0\.0\.1:9: .*ECONNREFUSED/.test(text)),
    errors.join("\n"),
  );
  assert.ok(errors.some((text) => /timed out after 1000 ms/.test(text)));
});

test("onError deny makes an unreachable policy service deny the call", async () => {
  const h = await harness(tempFolder("http-hooks"), {
    settings: [claude("PreToolUse", [{ hooks: [httpHook("/error", { onError: "deny" })] }])],
  });
  const outcome = await h.engine.preToolUse(pre);
  assert.equal(outcome.decision, "deny");
});

test("configuration mistakes in an http or prompt hook stop the start with the file and the field", () => {
  const load = (entry: Record<string, unknown>) =>
    loadHookConfig({
      settings: [{ source: "s.json", data: claude("Stop", [{ hooks: [entry] }]) }],
      compactFiles: [],
      disabled: false,
      projectDir: "/tmp",
    });
  for (const [entry, message] of [
    [{ type: "http" }, /hooks\.Stop\[0\]\.hooks\[0\]\.url: url must be an http:\/\/ or https:\/\/ URL/],
    [{ type: "http", url: "ftp://example.test/x" }, /url must be an http/],
    [{ type: "http", url: `${base}/x`, headers: { A: 1 } }, /headers must be an object of strings/],
    [
      { type: "http", url: `${base}/x`, allowedEnvVars: ["$TOKEN"] },
      /allowedEnvVars must be an array of variable names/,
    ],
    [{ type: "http", url: `${base}/x`, command: "true" }, /an http hook has "url", not "command"/],
    [
      { type: "agent", prompt: "Is it done?" },
      /unknown handler type "agent"; "command", "http" and "prompt" are supported/,
    ],
    [{ type: "prompt" }, /hooks\.Stop\[0\]\.hooks\[0\]\.prompt: prompt must be a non-empty string/],
    [{ type: "prompt", prompt: "Done?", command: "true" }, /a prompt hook has "prompt", not "command"/],
  ] as const)
    assert.throws(
      () => load(entry),
      (error: unknown) => error instanceof HookConfigError && message.test(error.message),
      JSON.stringify(entry),
    );
  assert.equal(load({ type: "http", url: `${base}/x`, timeout: 5 }).handlers[0]!.timeoutMs, 5000);
  const judge = load({ type: "prompt", prompt: "Done?", model: "claude-haiku-4-5" }).handlers[0]!;
  assert.deepEqual([judge.type, judge.model, judge.timeoutMs], ["prompt", "claude-haiku-4-5", 30_000]);
});
