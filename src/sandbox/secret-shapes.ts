// The well-known shapes of credentials that the redactor replaces in output, each with the name its
// marker shows (`[redacted: GitHub token]`) and literal anchors: a text holding none of a shape's
// anchors is not searched for it, which keeps redaction fast on large outputs. Each pattern is
// bounded by characters a key cannot continue with, so git SHAs, UUIDs and base64 data never match.

export type SecretShape = {
  /** What the marker calls it. */
  name: string;
  /** Substrings every match contains (any one of them); a cheap test before the expression. */
  anchors: readonly string[];
  /** Global expression; when `group` is set, only that capture group is the secret. */
  pattern: RegExp;
  group?: number;
};

/** Not a letter or digit (nor `_`/`-` where a key may hold them) before the key. */
const START = "(?<![A-Za-z0-9_-])";
const END = "(?![A-Za-z0-9_-])";

export const SECRET_SHAPES: readonly SecretShape[] = [
  {
    name: "Anthropic API key",
    anchors: ["sk-ant-"],
    pattern: new RegExp(`${START}sk-ant-[A-Za-z0-9_-]{20,}`, "g"),
  },
  {
    name: "OpenAI API key",
    anchors: ["sk-"],
    pattern: new RegExp(
      `${START}sk-(?:(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,}|[A-Za-z0-9]{32,}${END})`,
      "g",
    ),
  },
  {
    name: "GitHub token",
    anchors: ["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"],
    pattern: new RegExp(
      `${START}(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})${END}`,
      "g",
    ),
  },
  {
    name: "AWS access key id",
    anchors: ["AKIA", "ASIA"],
    pattern: /(?<![A-Za-z0-9/+])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Za-z0-9/+])/g,
  },
  {
    name: "AWS secret access key",
    anchors: [
      "secret_access_key",
      "SECRET_ACCESS_KEY",
      "SecretAccessKey",
      "secretAccessKey",
      "aws_secret_key",
    ],
    pattern:
      /(?:secret_?access_?key|aws_?secret_?key)["']?\s*[:=]\s*["']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])/gi,
    group: 1,
  },
  {
    name: "Slack token",
    anchors: ["xox"],
    pattern: /(?<![A-Za-z0-9])xox[abprs]-[A-Za-z0-9-]{10,}/g,
  },
  {
    name: "Stripe key",
    anchors: ["_live_", "_test_"],
    pattern: /(?<![A-Za-z0-9])(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}/g,
  },
  {
    name: "Google API key",
    anchors: ["AIza"],
    pattern: new RegExp(`${START}AIza[0-9A-Za-z_-]{35}${END}`, "g"),
  },
  {
    name: "npm token",
    anchors: ["npm_"],
    pattern: /(?<![A-Za-z0-9_])npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])/g,
  },
  {
    // A whole block, or from BEGIN to the end of the text when the output was cut (`head id_rsa`).
    name: "private key",
    anchors: ["PRIVATE KEY-----", "PRIVATE KEY BLOCK-----"],
    pattern:
      /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|$)/g,
  },
];

/** An AWS secret access key: 40 base64 characters, mixed case, not hex (git SHAs are 40 hex digits). */
export const AWS_SECRET_NEAR_KEY_ID = /(?<![A-Za-z0-9/+])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/g;
/** How far after an access key id its secret is looked for (`aws configure` output, CSV, JSON). */
export const AWS_SECRET_DISTANCE = 200;

export function looksLikeAwsSecret(candidate: string): boolean {
  return /[a-z]/.test(candidate) && /[A-Z]/.test(candidate) && !/^[0-9a-fA-F]+$/.test(candidate);
}

/** The name of the first shape found in `text`, or null (used on environment values). */
export function secretShapeIn(text: string): string | null {
  for (const shape of SECRET_SHAPES) {
    if (!shape.anchors.some((anchor) => text.includes(anchor))) continue;
    shape.pattern.lastIndex = 0;
    const found = shape.pattern.test(text);
    shape.pattern.lastIndex = 0;
    if (found) return shape.name;
  }
  return null;
}
