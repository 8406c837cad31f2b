// Parts of building a App that serve programs driving reagent: which file levels
// `--setting-sources` keeps, the built-in tools `--tools` keeps, the flags accepted without effect,
// the run-time changes an SDK caller may make (system prompt parts, a JSON schema for the answer), and
// the one-line summary of a call the way the runner gives it (for replayed calls).
import type { PromptSection, SystemPromptBuilder } from "../prompt/system-prompt-builder.js";
import type { ToolRegistry } from "../tools/registry.js";
import {
  createStructuredOutputTool,
  STRUCTURED_OUTPUT_INSTRUCTION,
  type StructuredOutputSink,
} from "../tools/structured-output.js";
import type { Tool } from "../tools/tool.js";
import { errorMessage, UsageError } from "../util/errors.js";
import type { RunOptions } from "./run-options.js";

/** Which user- and project-level files (instructions, skills, MCP configs) `--setting-sources` keeps. */
export function sourceLevels(sources: RunOptions["settingSources"]) {
  return { user: !sources || sources.includes("user"), project: !sources || sources.includes("project") };
}

/** The built-in tools `--tools` keeps (all without the flag); an unknown name is a usage error. */
export function selectBuiltinTools(options: RunOptions, builtins: Tool[]): Tool[] {
  if (!options.tools) return builtins;
  const names = builtins.map((tool) => tool.name);
  for (const name of options.tools)
    if (!names.includes(name))
      throw new UsageError(
        `--tools ${options.tools.join(",")}: unknown tool "${name}"; built-in tools are ${names.join(", ")}`,
      );
  return builtins.filter((tool) => options.tools!.includes(tool.name));
}

/** Flags accepted for compatibility whose effect reagent does not provide (yet); said once at start. */
export function notActedOn(options: RunOptions): string[] {
  const flags = options.ignoredFlags;
  if (flags.length === 0) return [];
  return [`accepted but not acted on by this version of reagent: ${flags.join(", ")}`];
}

/** The App members an SDK caller uses at run time. */
export function runtimeExtras(parts: {
  prompt: SystemPromptBuilder;
  stablePrompt: { refresh(): void };
  registry: ToolRegistry;
  promptSections: PromptSection[];
}) {
  const extras = {
    structuredOutput: undefined as StructuredOutputSink | undefined,
    /** `Tool(key)` as the runner summarises a call (a replayed call looks like a live one);
     *  undefined for a tool the registry does not have. */
    toolSummary(name: string, input: Record<string, unknown>): string | undefined {
      const tool = parts.registry.get(name);
      if (!tool) return undefined;
      const parsed = tool.schema.safeParse(input);
      const key = tool.summary && parsed.success ? tool.summary(parsed.data) : "";
      return key ? `${name}(${key})` : name;
    },
    setPromptParts(patch: { systemPrompt?: string; appendSystemPrompt?: string }) {
      parts.prompt.override(patch);
      parts.stablePrompt.refresh();
    },
    applyJsonSchema(this: { structuredOutput?: StructuredOutputSink }, schema: Record<string, unknown>) {
      if (this.structuredOutput) return;
      let created: ReturnType<typeof createStructuredOutputTool>;
      try {
        created = createStructuredOutputTool(schema);
      } catch (error) {
        throw new UsageError(`--json-schema: ${errorMessage(error)}`);
      }
      parts.registry.add([created.tool]);
      this.structuredOutput = created.sink;
      parts.promptSections.push({ title: "Final answer", body: STRUCTURED_OUTPUT_INSTRUCTION });
      parts.stablePrompt.refresh();
    },
  };
  return extras;
}
