// Secret redaction for text on its way to the model, the transcript or a hook: the values of the
// variables the environment filter removed, and well-known key shapes (secret-shapes.ts), each
// replaced by a marker naming what it was (`[redacted: GitHub token]`, `[redacted: value of
// GITHUB_TOKEN]`). Where the redactor runs and whether it is switched on is the caller's choice.
import {
  AWS_SECRET_DISTANCE,
  AWS_SECRET_NEAR_KEY_ID,
  findShapes,
  looksLikeAwsSecret,
} from "./secret-shapes.js";

/** Values shorter than this are not redacted as values: `1`, `true` or a short word would turn up
 *  everywhere (their shapes are still found). */
const MIN_REDACTED_VALUE_LENGTH = 8;

type Redaction = {
  text: string;
  /** What was replaced, by marker name, with counts (empty when nothing was). */
  found: Record<string, number>;
};

export type Redactor = { redact(text: string): Redaction };

export type SecretValue = { name: string; value: string };

const marker = (name: string) => `[redacted: ${name}]`;

/** A redactor for these values (e.g. `secretValues(filterEnvironment(…).removed)`) and every shape. */
export function createRedactor(values: readonly SecretValue[] = []): Redactor {
  // Longest first, so a value that contains another is replaced whole.
  const literal = values
    .filter((entry) => entry.value.length >= MIN_REDACTED_VALUE_LENGTH)
    .sort((left, right) => right.value.length - left.value.length);
  return {
    redact(text) {
      const found: Record<string, number> = {};
      const count = (name: string) => {
        found[name] = (found[name] ?? 0) + 1;
      };
      let result = text;
      for (const { name, value } of literal) {
        let at = result.indexOf(value);
        if (at < 0) continue;
        for (; at >= 0; at = result.indexOf(value, at + value.length)) count(`value of ${name}`);
        result = result.replaceAll(value, marker(`value of ${name}`));
      }
      result = replaceShapes(result, count);
      result = replaceAwsSecretsNearKeyIds(result, count);
      return { text: result, found };
    },
  };
}

function replaceShapes(text: string, count: (name: string) => void): string {
  const matches = findShapes(text);
  if (matches.length === 0) return text;
  let result = "";
  let position = 0;
  for (const match of matches) {
    count(match.name);
    result += text.slice(position, match.start) + marker(match.name);
    position = match.end;
  }
  return result + text.slice(position);
}

/** A 40-character secret within a short distance after a redacted access key id (the id itself is
 *  already a marker by now, so the marker is the anchor). */
function replaceAwsSecretsNearKeyIds(text: string, count: (name: string) => void): string {
  const anchor = marker("AWS access key id");
  if (!text.includes(anchor)) return text;
  let result = "";
  let position = 0;
  for (;;) {
    const at = text.indexOf(anchor, position);
    if (at < 0) break;
    const windowStart = at + anchor.length;
    let windowEnd = Math.min(text.length, windowStart + AWS_SECRET_DISTANCE);
    // Never cut a candidate in two at the window's end.
    while (windowEnd < text.length && /[A-Za-z0-9/+=]/.test(text.charAt(windowEnd))) windowEnd += 1;
    const window = text.slice(windowStart, windowEnd).replace(AWS_SECRET_NEAR_KEY_ID, (candidate) => {
      if (!looksLikeAwsSecret(candidate)) return candidate;
      count("AWS secret access key");
      return marker("AWS secret access key");
    });
    result += text.slice(position, windowStart) + window;
    position = windowEnd;
  }
  return result + text.slice(position);
}
