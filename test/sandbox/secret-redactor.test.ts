// Secret redaction: each documented key shape becomes a marker naming its kind, the values of
// removed variables become markers naming the variable, a private key is cut whole (also when the
// output ends inside it), an AWS secret is found next to its key id; and ordinary text — git SHAs,
// UUIDs, base64 images, code, paths, words like "task-" — comes back unchanged.
import assert from "node:assert/strict";
import { randomBytes, randomUUID } from "node:crypto";
import { test } from "node:test";
import { createRedactor } from "../../src/sandbox/index.js";
import { SECRET_SHAPES } from "../../src/sandbox/secret-shapes.js";

const redactor = createRedactor();
const redact = (text: string) => redactor.redact(text);

const FAKE = {
  anthropic: `sk-ant-api03-${"A1b2".repeat(20)}-xyzAA`,
  openaiProject: `sk-proj-${"Ab3_".repeat(12)}`,
  openaiLegacy: `sk-${"Ab3d".repeat(12)}`,
  github: `ghp_${"aB3d".repeat(9)}`,
  githubServer: `ghs_${"Zz9y".repeat(9)}`,
  githubPat: `github_pat_11ABCDEFG0${"aB3_".repeat(15)}`,
  awsId: "AKIAIOSFODNN7EXAMPLE",
  awsSession: "ASIAY34FZKBOKMUTVV7A",
  awsSecret: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  slack: "xoxb-123456789012-123456789012-fakefakefakefake",
  stripe: `sk_live_${"4eC39HqLyjWDarjtT1zdp7dc".slice(0, 24)}`,
  stripeRestricted: `rk_live_${"51H".repeat(8)}`,
};

test("each key shape is replaced by a marker naming its kind", () => {
  const cases: Array<[string, string]> = [
    [FAKE.anthropic, "Anthropic API key"],
    [FAKE.openaiProject, "OpenAI API key"],
    [FAKE.openaiLegacy, "OpenAI API key"],
    [FAKE.github, "GitHub token"],
    [FAKE.githubServer, "GitHub token"],
    [FAKE.githubPat, "GitHub token"],
    [FAKE.awsId, "AWS access key id"],
    [FAKE.awsSession, "AWS access key id"],
    [FAKE.slack, "Slack token"],
    [FAKE.stripe, "Stripe key"],
    [FAKE.stripeRestricted, "Stripe key"],
  ];
  for (const [secret, kind] of cases) {
    const result = redact(`token: "${secret}", next`);
    assert.equal(result.text, `token: "[redacted: ${kind}]", next`, secret);
    assert.deepEqual(result.found, { [kind]: 1 });
  }
});

test("an AWS secret access key next to its id, or after its label, is redacted; a lone one is not", () => {
  const csv = `User,Access key ID,Secret access key\nci,${FAKE.awsId},${FAKE.awsSecret}\n`;
  assert.equal(
    redact(csv).text,
    "User,Access key ID,Secret access key\nci,[redacted: AWS access key id],[redacted: AWS secret access key]\n",
  );
  assert.equal(
    redact(`aws_secret_access_key = ${FAKE.awsSecret}`).text,
    "aws_secret_access_key = [redacted: AWS secret access key]",
  );
  assert.equal(
    redact(`"SecretAccessKey": "${FAKE.awsSecret}"`).text,
    '"SecretAccessKey": "[redacted: AWS secret access key]"',
  );
  assert.equal(redact(`random ${FAKE.awsSecret}`).text, `random ${FAKE.awsSecret}`);
  const sha = "3f786850e387550fdab836ed7e6dc881de23001b";
  assert.equal(redact(`${FAKE.awsId} commit ${sha}`).text, `[redacted: AWS access key id] commit ${sha}`);
});

test("a private key block is replaced whole, also when the output stops inside it", () => {
  const key = "-----BEGIN RSA PRIVATE KEY-----\nMIIEow\nIBAAKC\n-----END RSA PRIVATE KEY-----";
  assert.equal(redact(`before\n${key}\nafter`).text, "before\n[redacted: private key]\nafter");
  assert.equal(
    redact("$ head -2 id\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3Bl").text,
    "$ head -2 id\n[redacted: private key]",
  );
  const escaped = JSON.stringify({ key });
  assert.equal(redact(escaped).text, '{"key":"[redacted: private key]"}');
  const certificate = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----";
  assert.equal(redact(certificate).text, certificate);
});

test("values of removed variables are replaced by name, longest first; short ones are left", () => {
  const withValues = createRedactor([
    { name: "DEPLOY_SECRET", value: "correct-horse-battery" },
    { name: "DEPLOY_SECRET_PREFIX", value: "correct-horse" },
    { name: "FLAG_TOKEN", value: "1" },
  ]);
  const result = withValues.redact("a correct-horse-battery b correct-horse c 1 2 3");
  assert.equal(
    result.text,
    "a [redacted: value of DEPLOY_SECRET] b [redacted: value of DEPLOY_SECRET_PREFIX] c 1 2 3",
  );
  assert.deepEqual(result.found, { "value of DEPLOY_SECRET": 1, "value of DEPLOY_SECRET_PREFIX": 1 });
});

test("ordinary text is left alone: SHAs, UUIDs, base64 images, code and words", () => {
  const samples = [
    Array.from({ length: 50 }, () => randomBytes(20).toString("hex")).join("\n"),
    Array.from({ length: 50 }, () => randomUUID()).join(" "),
    `<img src="data:image/png;base64,${randomBytes(200_000).toString("base64")}">`,
    randomBytes(100_000).toString("base64url"),
    "const task-ant-runner = desk-top; risk-assessment; sk-learn; ghp_short; AKIA is a prefix; xoxb-short",
    "commit 9fceb02d0ae598e95dc970b74767f19372d61af8\nAuthor: A <a@b>\n\n    sk-ant- was discussed\n",
    "export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin\nnpm_config_cache=/home/u/.npm",
    "AIzaSy is how Google keys start; sk_live_ is Stripe's prefix; -----BEGIN PUBLIC KEY-----",
  ];
  for (const sample of samples) {
    const result = redact(sample);
    assert.deepEqual(result.found, {}, sample.slice(0, 80));
    assert.equal(result.text, sample);
  }
});

test("every shape is tried only where its anchor is: each pattern is sticky", () => {
  for (const shape of SECRET_SHAPES) assert.ok(shape.pattern.sticky, `${shape.name} scans the whole text`);
});
