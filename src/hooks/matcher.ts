// Hook matcher grammar: `*`, empty or absent match everything; text made only of letters, digits,
// `_`, `-`, space, `|` and `,` is an exact name or a list of names; anything else is an unanchored,
// case-sensitive JavaScript regular expression. Also says which payload value each event matches.
import type { HookEventName } from "./types.js";

const NAME_LIST = /^[A-Za-z0-9_\- |,]+$/;

/** Compiles a matcher; throws a plain Error with the reason when the regular expression is invalid. */
export function compileMatcher(matcher: string | undefined): (value: string) => boolean {
  const text = (matcher ?? "").trim();
  if (text === "" || text === "*") return () => true;
  if (NAME_LIST.test(text)) {
    const names = new Set(
      text
        .split(/[|,]/)
        .map((name) => name.trim())
        .filter((name) => name !== ""),
    );
    return (value) => names.has(value);
  }
  let regex: RegExp;
  try {
    regex = new RegExp(text);
  } catch (error) {
    throw new Error(`invalid regular expression ${JSON.stringify(text)}: ${(error as Error).message}`);
  }
  return (value) => regex.test(value);
}

/** The payload field each event's matcher is tested against; undefined = the matcher is ignored. */
export const MATCH_FIELD: Record<HookEventName, string | undefined> = {
  PreToolUse: "tool_name",
  PostToolUse: "tool_name",
  PostToolUseFailure: "tool_name",
  UserPromptSubmit: undefined,
  Stop: undefined,
  SessionStart: "source",
  SessionEnd: "reason",
  PreCompact: "trigger",
  PostCompact: "trigger",
  Notification: "notification_type",
  SubagentStart: "agent_type",
  SubagentStop: "agent_type",
};

/** Events whose payload carries a tool call (where `if` rules apply). */
export const TOOL_EVENTS: ReadonlySet<HookEventName> = new Set([
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
]);
