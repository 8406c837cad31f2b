// What a permission rule does when it matches. Deny wins over ask, ask over allow (the gate's business).
export const RULE_BEHAVIORS = ["allow", "deny", "ask"] as const;

export type RuleBehavior = (typeof RULE_BEHAVIORS)[number];
