// The well-known shapes of credentials that the redactor replaces in output, each with the name its
// marker shows (`[redacted: GitHub token]`) and an anchor where a match starts: one pass of all
// anchors together finds the few candidate places in a large output, and only there are the
// shapes tried. Each pattern is bounded by characters a key cannot continue with, so git SHAs,
// UUIDs and base64 data never match.

type SecretShape = {
  /** What the marker calls it. */
  name: string;
  /** Where a match starts (a regular expression, matched without case in the one combined pass). */
  anchor: string;
  /** Sticky expression tried at an anchor; when `group` is set, only that capture group is the secret. */
  pattern: RegExp;
  group?: number;
};

/** Not a letter or digit (nor `_`/`-` where a key may hold them) before the key. */
const START = "(?<![A-Za-z0-9_-])";
const END = "(?![A-Za-z0-9_-])";

export const SECRET_SHAPES: readonly SecretShape[] = [
  {
    name: "Anthropic API key",
    anchor: "sk-ant-",
    pattern: new RegExp(`${START}sk-ant-[A-Za-z0-9_-]{20,}`, "y"),
  },
  {
    name: "OpenAI API key",
    anchor: "sk-",
    pattern: new RegExp(
      `${START}sk-(?:(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,}|[A-Za-z0-9]{32,}${END})`,
      "y",
    ),
  },
  {
    name: "GitHub token",
    anchor: "gh[pousr]_|github_pat_",
    pattern: new RegExp(
      `${START}(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})${END}`,
      "y",
    ),
  },
  {
    name: "AWS access key id",
    anchor: "AKIA|ASIA",
    pattern: /(?<![A-Za-z0-9/+])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Za-z0-9/+])/y,
  },
  {
    name: "AWS secret access key",
    anchor: "secret_?access_?key|aws_?secret_?key",
    pattern:
      /(?:secret_?access_?key|aws_?secret_?key)["']?\s*[:=]\s*["']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])/iy,
    group: 1,
  },
  {
    name: "Slack token",
    anchor: "xox[abprs]-",
    pattern: /(?<![A-Za-z0-9])xox[abprs]-[A-Za-z0-9-]{10,}/y,
  },
  {
    name: "Stripe key",
    anchor: "[sr]k_(?:live|test)_",
    pattern: /(?<![A-Za-z0-9])(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}/y,
  },
  {
    name: "Google API key",
    anchor: "AIza",
    pattern: new RegExp(`${START}AIza[0-9A-Za-z_-]{35}${END}`, "y"),
  },
  {
    name: "npm token",
    anchor: "npm_",
    pattern: /(?<![A-Za-z0-9_])npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])/y,
  },
  {
    // A whole block, or from BEGIN to the end of the text when the output was cut (`head id_rsa`).
    name: "private key",
    anchor: "-----BEGIN ",
    pattern:
      /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|$)/y,
  },
];

/** An AWS secret access key: 40 base64 characters, mixed case, not hex (git SHAs are 40 hex digits). */
export const AWS_SECRET_NEAR_KEY_ID = /(?<![A-Za-z0-9/+])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/g;
/** How far after an access key id its secret is looked for (`aws configure` output, CSV, JSON). */
export const AWS_SECRET_DISTANCE = 200;

export function looksLikeAwsSecret(candidate: string): boolean {
  return /[a-z]/.test(candidate) && /[A-Z]/.test(candidate) && !/^[0-9a-fA-F]+$/.test(candidate);
}

type ShapeMatch = { start: number; end: number; name: string };

const ANCHORS = new RegExp(SECRET_SHAPES.map((shape) => `(?:${shape.anchor})`).join("|"), "gi");

/** Every shape found in `text`, in order, without overlaps (at one start, the earlier shape wins). */
export function findShapes(text: string): ShapeMatch[] {
  const found: ShapeMatch[] = [];
  let end = 0;
  ANCHORS.lastIndex = 0;
  for (let candidate = ANCHORS.exec(text); candidate !== null; candidate = ANCHORS.exec(text)) {
    const at = candidate.index;
    // The next anchor may start inside this one.
    ANCHORS.lastIndex = at + 1;
    if (at < end) continue;
    for (const shape of SECRET_SHAPES) {
      shape.pattern.lastIndex = at;
      const match = shape.pattern.exec(text);
      const secret = match === null ? undefined : shape.group === undefined ? match[0] : match[shape.group];
      if (match === null || secret === undefined) continue;
      const start = at + match[0].lastIndexOf(secret);
      end = start + secret.length;
      found.push({ start, end, name: shape.name });
      break;
    }
  }
  return found;
}

/** The name of the first shape found in `text`, or null (used on environment values). */
export function secretShapeIn(text: string): string | null {
  return findShapes(text)[0]?.name ?? null;
}
