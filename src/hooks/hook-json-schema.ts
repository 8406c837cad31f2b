// The JSON a hook may print, as one zod schema per event: every field Claude Code defines, with the
// shapes hooks in the wild print (null for "not set", a non-string updatedToolOutput, PermissionRequest's
// updatedInput inside or beside `decision`, the legacy "approve"), unknown extra fields ignored, and a
// field that belongs to another event refused. A problem is reported with the path of the field at
// fault and what it got. The result is the flat, typed HookJson the merger reads.
import { z } from "zod";
import type { HookEventName } from "./types.js";

/** The validated JSON fields a hook may print. */
export type HookJson = {
  continue?: boolean;
  stopReason?: string;
  systemMessage?: string;
  suppressOutput?: boolean;
  decision?: "block" | "approve";
  reason?: string;
  permissionDecision?: "allow" | "deny" | "ask";
  permissionDecisionReason?: string;
  /** PermissionRequest: `hookSpecificOutput.decision.behavior` ("ask" reads as no decision). */
  permissionBehavior?: "allow" | "deny";
  /** PermissionRequest: `decision.message` (why, for the model on a deny). */
  permissionMessage?: string;
  /** PermissionRequest: `decision.interrupt` with a deny stops the agent. */
  permissionInterrupt?: boolean;
  /** PreToolUse `updatedInput`, or PermissionRequest `decision.updatedInput`. */
  updatedInput?: Record<string, unknown>;
  updatedToolOutput?: string;
  additionalContext?: string;
  /** SessionStart / CwdChanged / FileChanged: absolute paths FileChanged hooks should watch. */
  watchPaths?: string[];
  /** PermissionDenied: the model may retry the denied call. */
  retry?: boolean;
  /** WorktreeCreate: the absolute path of the worktree the hook made. */
  worktreePath?: string;
};

const got = (input: unknown) => (input === undefined ? "nothing" : JSON.stringify(input));
const text = () => z.string({ error: (issue) => `must be a string, got ${got(issue.input)}` }).nullish();
const flag = () => z.boolean({ error: (issue) => `must be a boolean, got ${got(issue.input)}` });
const record = () =>
  z.record(z.string(), z.unknown(), { error: (issue) => `must be an object, got ${got(issue.input)}` });
const oneOf = <const T extends readonly [string, ...string[]]>(values: T, wording: string) =>
  z.enum(values, { error: (issue) => `must be ${wording}, got ${got(issue.input)}` });

/** A field of other events: only "not set" is accepted here. */
const refused = (validFor: string) =>
  z
    .unknown()
    .refine((value) => value === undefined || value === null, { error: `is only valid for ${validFor}` })
    .optional();

const permissionDecisionObject = z.looseObject(
  {
    behavior: oneOf(["allow", "deny", "ask"], '"allow" or "deny"'),
    message: text(),
    interrupt: flag().optional(),
    updatedInput: record().nullish(),
  },
  { error: (issue) => `must be an object with behavior, got ${got(issue.input)}` },
);

type PermissionObject = z.infer<typeof permissionDecisionObject>;

function specificSchema(event: HookEventName) {
  const is = (...events: HookEventName[]) => events.includes(event);
  return z.looseObject(
    {
      hookEventName: z
        .unknown()
        .refine((name) => name === event, { error: (issue) => `is ${got(issue.input)}, expected "${event}"` })
        .optional(),
      permissionDecision: is("PreToolUse", "PreModelSwitch")
        ? oneOf(["allow", "deny", "ask"], '"allow", "deny" or "ask"').nullish()
        : refused("PreToolUse and PreModelSwitch"),
      permissionDecisionReason: text(),
      decision: is("PermissionRequest") ? permissionDecisionObject.nullish() : z.unknown().optional(),
      updatedInput: is("PreToolUse", "PermissionRequest")
        ? record().nullish()
        : refused("PreToolUse and PermissionRequest"),
      updatedToolOutput: is("PostToolUse") ? z.unknown().optional() : refused("PostToolUse"),
      updatedMCPToolOutput: is("PostToolUse") ? z.unknown().optional() : refused("PostToolUse"),
      additionalContext: text(),
      worktreePath: is("WorktreeCreate") ? text() : refused("WorktreeCreate"),
      retry: is("PermissionDenied") ? flag().nullish() : refused("PermissionDenied"),
      watchPaths: is("SessionStart", "CwdChanged", "FileChanged")
        ? z
            .array(z.string(), { error: (issue) => `must be an array of paths, got ${got(issue.input)}` })
            .nullish()
        : refused("SessionStart, CwdChanged and FileChanged"),
    },
    { error: (issue) => `must be an object, got ${got(issue.input)}` },
  );
}

function eventSchema(event: HookEventName) {
  return z
    .looseObject({
      continue: flag().optional(),
      suppressOutput: flag().optional(),
      stopReason: text(),
      systemMessage: text(),
      reason: text(),
      // "approve" is the legacy "no objection" of every event (PreToolUse reads it as allow).
      decision: oneOf(["block", "approve"], '"block" or "approve"').nullish(),
      hookSpecificOutput: specificSchema(event).nullish(),
    })
    .transform((raw): HookJson => {
      const specific = raw.hookSpecificOutput ?? undefined;
      // For PermissionRequest the schema above validated `decision` as the permission object.
      const permission =
        event === "PermissionRequest"
          ? (specific?.decision as PermissionObject | null | undefined)
          : undefined;
      const output = specific ? (specific.updatedToolOutput ?? specific.updatedMCPToolOutput) : undefined;
      const json: HookJson = {
        continue: raw.continue,
        suppressOutput: raw.suppressOutput,
        stopReason: raw.stopReason ?? undefined,
        systemMessage: raw.systemMessage ?? undefined,
        reason: raw.reason ?? undefined,
        decision: raw.decision ?? undefined,
        permissionDecision: (specific?.permissionDecision as HookJson["permissionDecision"]) ?? undefined,
        permissionDecisionReason: specific?.permissionDecisionReason ?? undefined,
        permissionBehavior:
          permission?.behavior && permission.behavior !== "ask" ? permission.behavior : undefined,
        permissionMessage: permission?.message ?? undefined,
        permissionInterrupt: permission?.interrupt === true ? true : undefined,
        // PermissionRequest scripts put updatedInput in `decision` or beside it; `decision` wins.
        updatedInput:
          permission?.updatedInput ?? (specific?.updatedInput as HookJson["updatedInput"]) ?? undefined,
        updatedToolOutput:
          output === undefined || output === null
            ? undefined
            : typeof output === "string"
              ? output
              : JSON.stringify(output),
        additionalContext: specific?.additionalContext ?? undefined,
        worktreePath: (specific?.worktreePath as string | null | undefined) ?? undefined,
        retry: specific?.retry === true ? true : undefined,
        watchPaths: (specific?.watchPaths as string[] | null | undefined) ?? undefined,
      };
      for (const key of Object.keys(json) as Array<keyof HookJson>)
        if (json[key] === undefined) delete json[key];
      return json;
    });
}

const schemas = new Map<HookEventName, ReturnType<typeof eventSchema>>();

/** Validates a hook's JSON object for `event`: the typed fields, or the problem naming the field. */
export function validateHookJson(event: HookEventName, raw: Record<string, unknown>): HookJson | string {
  let schema = schemas.get(event);
  if (!schema) {
    schema = eventSchema(event);
    schemas.set(event, schema);
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  return parsed.error.issues
    .map((issue) => `${issue.path.length > 0 ? `${issue.path.join(".")} ` : ""}${issue.message}`)
    .join("; ");
}
