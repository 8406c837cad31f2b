// What a program driving reagent may change in the running application (the SDK's initialize request,
// `--json-schema`): the system prompt's parts, and a required JSON answer through the StructuredOutput
// tool. Both refresh the stable system prompt, so the next request carries them.
import type { PromptSection, SystemPromptBuilder } from "../prompt/index.js";
import type { ToolRegistry } from "../tools/index.js";
import {
  createStructuredOutputTool,
  STRUCTURED_OUTPUT_INSTRUCTION,
  type StructuredOutputSink,
} from "../tools/index.js";
import { errorMessage, UsageError } from "../util/index.js";

type PromptControls = {
  setPromptParts(patch: { systemPrompt?: string; appendSystemPrompt?: string }): void;
  applyJsonSchema(schema: Record<string, unknown>): void;
  structuredOutput(): StructuredOutputSink | undefined;
  /** `Tool(key)` as the runner summarises a call (a replayed call looks like a live one); undefined
   *  for a tool the registry does not have. */
  toolSummary(name: string, input: Record<string, unknown>): string | undefined;
};

export function promptControls(parts: {
  prompt: SystemPromptBuilder;
  stablePrompt: { refresh(): void };
  registry: ToolRegistry;
  promptSections: PromptSection[];
}): PromptControls {
  let sink: StructuredOutputSink | undefined;
  return {
    setPromptParts(patch) {
      parts.prompt.override(patch);
      parts.stablePrompt.refresh();
    },
    applyJsonSchema(schema) {
      if (sink) return;
      let created: ReturnType<typeof createStructuredOutputTool>;
      try {
        created = createStructuredOutputTool(schema);
      } catch (error) {
        throw new UsageError(`--json-schema: ${errorMessage(error)}`);
      }
      parts.registry.add([created.tool]);
      sink = created.sink;
      parts.promptSections.push({ title: "Final answer", body: STRUCTURED_OUTPUT_INSTRUCTION });
      parts.stablePrompt.refresh();
    },
    structuredOutput: () => sink,
    toolSummary(name, input) {
      const tool = parts.registry.get(name);
      if (!tool) return undefined;
      const parsed = tool.schema.safeParse(input);
      const key = tool.summary && parsed.success ? tool.summary(parsed.data) : "";
      return key ? `${name}(${key})` : name;
    },
  };
}
