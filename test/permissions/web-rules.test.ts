// WebFetch and WebSearch at the permission gate: domain rules in allow/deny/ask, headless denials that
// name the reason, plan mode (research is allowed to ask), and the "don't ask again" suggestion.
import assert from "node:assert/strict";
import { rm } from "node:fs/promises";
import { after, before, test } from "node:test";
import type { PermissionRequest } from "../../src/permissions/types.js";
import { emptyRules, type Layout, makeGate, makeLayout, ScriptedPrompter } from "./support.js";

let layout: Layout;
before(async () => {
  layout = await makeLayout();
});
after(async () => {
  await rm(layout.root, { recursive: true, force: true });
});

let counter = 0;
function fetchCall(url: string, toolName = "WebFetch"): PermissionRequest {
  counter += 1;
  const input = toolName === "WebFetch" ? { url, prompt: "x" } : { query: url };
  return { toolName, input, toolUseId: `w${counter}`, readOnly: false, paths: [], hookDecision: "none" };
}

test("headless: an allowed domain runs, any other host is denied with the reason", async () => {
  const { gate } = makeGate(layout, {
    interactive: false,
    rules: emptyRules({ allow: ["WebFetch(domain:docs.rs)", "WebFetch(domain:*.python.org)"] }),
  });
  assert.equal((await gate.check(fetchCall("https://docs.rs/serde"))).behavior, "allow");
  assert.equal((await gate.check(fetchCall("https://docs.python.org/3/"))).behavior, "allow");
  const other = await gate.check(fetchCall("https://evil.example/"));
  assert.equal(other.behavior, "deny");
  assert.equal(
    other.behavior === "deny" ? other.message : "",
    'Permission denied: WebFetch of https://evil.example/ is not allowed in non-interactive mode; allow its domain with --allowedTools "WebFetch(domain:evil.example)".',
  );
  const apex = await gate.check(fetchCall("https://python.org/"));
  assert.equal(apex.behavior, "deny", "*.python.org does not cover python.org itself");
});

test("deny and ask domain rules win over allow rules; a trailing dot does not slip past", async () => {
  const { gate, prompter } = makeGate(layout, {
    rules: emptyRules({
      allow: ["WebFetch"],
      deny: ["WebFetch(domain:evil.example)"],
      ask: ["WebFetch(domain:*.corp.example)"],
    }),
    prompter: new ScriptedPrompter([{ kind: "no" }]),
  });
  for (const url of ["https://evil.example/x", "http://EVIL.example./x", "https://user@evil.example:8443/"]) {
    const denied = await gate.check(fetchCall(url));
    assert.equal(denied.behavior, "deny", url);
    assert.match(denied.behavior === "deny" ? denied.message : "", /WebFetch\(domain:evil\.example\)/);
  }
  await gate.check(fetchCall("https://wiki.corp.example/"));
  assert.equal(prompter.requests.length, 1);
  assert.match(prompter.requests[0]!.reason, /asks for confirmation/);
  assert.equal((await gate.check(fetchCall("https://ok.example/"))).behavior, "allow");
});

test("prompts suggest the host as a rule; plan mode asks instead of refusing research", async () => {
  const prompter = new ScriptedPrompter([{ kind: "yes" }, { kind: "yes" }]);
  const { gate } = makeGate(layout, { mode: "plan", prompter });
  assert.equal((await gate.check(fetchCall("https://Docs.Example.com/a"))).behavior, "allow");
  assert.equal(prompter.requests[0]!.suggestedRule, "WebFetch(domain:docs.example.com)");
  assert.equal((await gate.check(fetchCall("rust serde", "WebSearch"))).behavior, "allow");
  assert.equal(prompter.requests[1]!.suggestedRule, "WebSearch");
});
