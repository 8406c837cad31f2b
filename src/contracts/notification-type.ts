// The kinds of Notification hook reagent fires (Claude Code's `notification_type` values it uses).
export const NOTIFICATION_TYPES = ["permission_prompt", "idle_prompt"] as const;

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
