// A permission rule's text and Claude Code's structured form of it (the SDKs' PermissionUpdate rules,
// PermissionRequest hooks' `permission_suggestions`): `Bash(npm test:*)` ↔
// `{toolName: "Bash", ruleContent: "npm test:*"}`, `Read` ↔ `{toolName: "Read"}`.

type RuleValue = { toolName: string; ruleContent?: string };

export function ruleValue(rule: string): RuleValue {
  const text = rule.trim();
  const match = /^([^()]+)\(([\s\S]*)\)$/.exec(text);
  const [, toolName, ruleContent] = match ?? [];
  return toolName !== undefined && ruleContent !== undefined ? { toolName, ruleContent } : { toolName: text };
}

export function ruleText(value: RuleValue): string {
  return value.ruleContent === undefined ? value.toolName : `${value.toolName}(${value.ruleContent})`;
}
