// The control requests a program driving reagent may send (the Agent SDKs' `control_request`
// payloads), as one zod discriminated union on `subtype`: each request reagent answers, with the
// fields it reads. A request reagent does not handle, or one whose fields are wrong, is refused with an
// error that names the subtype or the field; nothing in it is acted on then.
import { z } from "zod";
import { PERMISSION_MODES } from "../contracts/index.js";
import { formatZodError } from "../util/index.js";

const initialize = z
  .object({
    subtype: z.literal("initialize"),
    hooks: z.record(z.string(), z.unknown()).nullable().optional(),
    sdkMcpServers: z.array(z.string()).optional(),
    systemPrompt: z.union([z.string(), z.array(z.string())]).optional(),
    appendSystemPrompt: z.string().optional(),
    jsonSchema: z.record(z.string(), z.unknown()).optional(),
    agents: z.record(z.string(), z.unknown()).nullable().optional(),
  })
  .loose();

const interrupt = z.object({ subtype: z.literal("interrupt") }).loose();

const setPermissionMode = z
  .object({
    subtype: z.literal("set_permission_mode"),
    mode: z.enum(PERMISSION_MODES, {
      error: (issue) =>
        `unknown permission mode ${JSON.stringify(issue.input)}; use one of ${PERMISSION_MODES.join(", ")}`,
    }),
  })
  .loose();

const setModel = z
  .object({ subtype: z.literal("set_model"), model: z.string().nullable().optional() })
  .loose();

const mcpMessage = z
  .object({
    subtype: z.literal("mcp_message"),
    server_name: z.string().min(1),
    message: z.record(z.string(), z.unknown()),
  })
  .loose();

const mcpStatus = z.object({ subtype: z.literal("mcp_status") }).loose();

const contextUsage = z.object({ subtype: z.literal("get_context_usage") }).loose();

/** The SDK's rewindFiles(): files back to how they were before the user message with this uuid. */
const rewindFiles = z
  .object({
    subtype: z.literal("rewind_files"),
    user_message_id: z.string().min(1),
    dry_run: z.boolean().optional(),
  })
  .loose();

const controlRequestSchema = z.discriminatedUnion("subtype", [
  initialize,
  interrupt,
  setPermissionMode,
  setModel,
  mcpMessage,
  mcpStatus,
  contextUsage,
  rewindFiles,
]);

export type ControlRequest = z.infer<typeof controlRequestSchema>;
type ControlSubtype = ControlRequest["subtype"];

export const CONTROL_SUBTYPES: readonly ControlSubtype[] = controlRequestSchema.options.map(
  (option) => option.shape.subtype.value,
);

type ParsedControlRequest = { kind: "ok"; request: ControlRequest } | { kind: "refused"; message: string };

export function parseControlRequest(
  raw: { subtype: string } & Record<string, unknown>,
): ParsedControlRequest {
  if (!(CONTROL_SUBTYPES as readonly string[]).includes(raw.subtype))
    return {
      kind: "refused",
      message: `Unsupported control request subtype: ${raw.subtype} (reagent answers ${CONTROL_SUBTYPES.join(", ")})`,
    };
  const parsed = controlRequestSchema.safeParse(raw);
  if (!parsed.success) return { kind: "refused", message: `${raw.subtype}: ${formatZodError(parsed.error)}` };
  return { kind: "ok", request: parsed.data };
}
