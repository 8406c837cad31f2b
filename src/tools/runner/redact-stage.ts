// Between execute and PostToolUse: secrets in what a tool returned (its text and its data, every
// string inside) are replaced before a hook, the model or the transcript sees them — the one place
// results leave the runner. MCP results pass here like every other tool's. Hook output is redacted
// where the hooks module parses it.
import type { Redact } from "../../contracts/index.js";
import type { ToolResult } from "../tool.js";
import type { Executed } from "./execute-stage.js";

export function redactExecuted(executed: Executed, redact: Redact): Executed {
  const { result } = executed;
  const content = redact(result.content);
  const data = result.data === undefined ? undefined : redactValue(result.data, redact);
  const redacted: ToolResult = { ...result, content, ...(data === undefined ? {} : { data }) };
  if (!result.isError && result.context !== undefined && redacted.isError === false)
    redacted.context = result.context.map(redact);
  return { ...executed, result: redacted };
}

/** Every string inside `value` redacted (objects and arrays copied only where something changed). */
function redactValue(value: unknown, redact: Redact): unknown {
  if (typeof value === "string") return redact(value);
  if (Array.isArray(value)) {
    const items = value.map((item) => redactValue(item, redact));
    return items.some((item, index) => item !== value[index]) ? items : value;
  }
  if (value === null || typeof value !== "object" || !isPlain(value)) return value;
  let changed = false;
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const next = redactValue(inner, redact);
    if (next !== inner) changed = true;
    copy[key] = next;
  }
  return changed ? copy : value;
}

function isPlain(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
