// Model names as Claude Code 2.1.197 resolves them (aliases, ANTHROPIC_DEFAULT_*_MODEL, retired ids
// upgraded with a notice), Bedrock ids for the aliases per region, and which OpenAI wire API a model takes.
import assert from "node:assert/strict";
import { test } from "node:test";
import { bedrockModelId, openaiWireApi, resolveModelName } from "../../src/providers/model-catalog.js";
import { modelPrice } from "../../src/providers/pricing.js";

test("aliases resolve to Claude Code 2.1.197's ids; ANTHROPIC_DEFAULT_*_MODEL overrides them", () => {
  assert.deepEqual(resolveModelName("fable"), { id: "claude-fable-5" });
  assert.deepEqual(resolveModelName("Opus"), { id: "claude-opus-4-8" });
  assert.deepEqual(resolveModelName("sonnet"), { id: "claude-sonnet-5" });
  assert.deepEqual(resolveModelName("haiku"), { id: "claude-haiku-4-5" });
  assert.deepEqual(resolveModelName("sonnet", { sonnet: "claude-sonnet-4-6" }), { id: "claude-sonnet-4-6" });
  assert.deepEqual(resolveModelName("claude-sonnet-4-6"), { id: "claude-sonnet-4-6" });
});

test("retired ids are upgraded to their successors with a notice", () => {
  for (const [retired, current] of [
    ["claude-opus-4-1", "claude-opus-4-8"],
    ["claude-opus-4-1-20250805", "claude-opus-4-8"],
    ["claude-opus-4-20250514", "claude-opus-4-8"],
    ["claude-3-opus-20240229", "claude-opus-4-8"],
    ["claude-3-5-sonnet-20241022", "claude-sonnet-5"],
    ["claude-3-7-sonnet-latest", "claude-sonnet-5"],
    ["claude-sonnet-4-20250514", "claude-sonnet-5"],
    ["claude-3-5-haiku-20241022", "claude-haiku-4-5"],
  ]) {
    const choice = resolveModelName(retired!);
    assert.equal(choice.id, current, retired);
    assert.equal(choice.notice, `model ${retired} is retired; using its successor ${current} instead`);
  }
  assert.equal(resolveModelName("claude-opus-4-5").notice, undefined, "a current id is left alone");
  assert.equal(resolveModelName("claude-sonnet-4-5-20250929").notice, undefined);
});

test("on Bedrock an alias becomes the region's inference profile; other ids go as written", () => {
  assert.equal(bedrockModelId("sonnet", "us-east-1"), "us.anthropic.claude-sonnet-5");
  assert.equal(bedrockModelId("haiku", "eu-west-1"), "eu.anthropic.claude-haiku-4-5-20251001-v1:0");
  assert.equal(bedrockModelId("fable", "ap-northeast-1"), "apac.anthropic.claude-fable-5");
  assert.equal(bedrockModelId("opus", "us-gov-west-1"), "us-gov.anthropic.claude-opus-4-8");
  assert.equal(bedrockModelId("opus", "sa-east-1"), "global.anthropic.claude-opus-4-8");
  const arn = "arn:aws:bedrock:us-east-1:123456789012:application-inference-profile/abc";
  assert.equal(bedrockModelId(arn, "us-east-1"), arn);
  assert.equal(bedrockModelId("sonnet", "us-east-1", { sonnet: "my-profile" }), "my-profile");
  assert.deepEqual(
    modelPrice("us.anthropic.claude-sonnet-4-5-20250929-v1:0"),
    modelPrice("claude-sonnet-4-5"),
    "Bedrock ids are priced as the model they name",
  );
});

test("OpenAI: codex, pro, deep-research and computer-use models take the Responses API everywhere", () => {
  for (const model of [
    "gpt-5-codex",
    "gpt-5.1-codex-max",
    "codex-mini-latest",
    "o3-pro",
    "gpt-5-pro",
    "o3-deep-research",
  ])
    assert.equal(openaiWireApi(model, "http://127.0.0.1:8000/v1"), "responses", model);
  assert.equal(openaiWireApi("gpt-5", undefined), "responses", "reasoning models on OpenAI's own API");
  assert.equal(openaiWireApi("o4-mini", "https://api.openai.com/v1"), "responses");
  assert.equal(openaiWireApi("gpt-5", "http://127.0.0.1:8000/v1"), "chat", "a compatible server keeps Chat");
  assert.equal(openaiWireApi("gpt-4.1", undefined), "chat");
  assert.equal(openaiWireApi("qwen3-coder-pro-max", "http://127.0.0.1:8000/v1"), "chat");
});
