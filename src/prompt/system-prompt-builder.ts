// Assembles the system prompt: base prompt (or its replacement), environment, project instructions,
// memory, skills summary, extra sections, the output style's instructions, appended text. build() is meant to run before every turn:
// it stats the files involved and re-reads only those whose mtime/size changed, so edits to
// AGENTS.md or MEMORY.md on disk are seen on the next turn (stable-system-prompt.ts decides how they
// reach the model). The environment block (date, git state) is a snapshot of the first build: it
// never changes the prompt mid-session. Warnings are returned, never printed.
import { basePrompt } from "./base-prompt.js";
import { formatEnvironment } from "./environment.js";
import { createFileCache, type FileCache } from "./file-cache.js";
import { readGitInfo } from "./git-info.js";
import { instructionFileCandidates, loadInstructionDocuments } from "./instruction-files.js";
import { formatInstructionsSection } from "./instructions-section.js";
import { formatMemorySection, memoryPath } from "./memory-section.js";
import { isDefaultStyle, type OutputStyle } from "./output-style.js";
import { formatSkillsSection, type SkillSummary } from "./skills-section.js";

/** A caller-provided section (for example MCP server instructions), placed after the skills. */
export type PromptSection = { title: string; body: string };

export type SystemPromptOptions = {
  cwd: string;
  homeDir: string;
  platform: string;
  shell: string;
  now: () => Date;
  /** Replaces the base prompt (`--system-prompt`). */
  systemPrompt?: string;
  /** Added at the very end (`--append-system-prompt`). */
  appendSystemPrompt?: string;
  skills: readonly SkillSummary[];
  extraSections?: readonly PromptSection[] | (() => readonly PromptSection[]);
  /** Which instruction files are read (default: user and project levels). */
  instructionLevels?: { user: boolean; project: boolean };
  /** The active output style (read on every build; absent: the default style). */
  outputStyle?: () => OutputStyle | undefined;
  /** Injected for tests; one cache per builder by default. */
  fileCache?: FileCache;
};

export type BuiltSystemPrompt = {
  text: string;
  /** Every problem found in this build (unreadable files, bad imports, cycles, truncation). */
  warnings: string[];
  /** Warnings no earlier build() of this builder returned: print these each turn. */
  newWarnings: string[];
  /** Files whose content is in the prompt (instruction files, imports, memory), in order. */
  sources: string[];
  /** The files of `sources`, each with the file whose `@path` import pulled it in (if any). */
  loaded: Array<{ path: string; importedBy?: string }>;
  /** The sections that can change between builds, by name, as they appear in `text`. */
  sections: { instructions?: string; memory: string; outputStyle?: string };
};

export interface SystemPromptBuilder {
  build(): Promise<BuiltSystemPrompt>;
  /** Replaces the base prompt or the appended text at run time (an SDK caller's initialize request). */
  override(patch: { systemPrompt?: string; appendSystemPrompt?: string }): void;
}

export function createSystemPromptBuilder(options: SystemPromptOptions): SystemPromptBuilder {
  const cache = options.fileCache ?? createFileCache();
  const seenWarnings = new Set<string>();
  let snapshot: { environment: string; gitRoot?: string } | undefined;
  return {
    override(patch) {
      if (patch.systemPrompt !== undefined) options.systemPrompt = patch.systemPrompt;
      if (patch.appendSystemPrompt !== undefined) options.appendSystemPrompt = patch.appendSystemPrompt;
    },
    async build() {
      if (!snapshot) {
        const git = await readGitInfo(options.cwd, cache);
        const environment = formatEnvironment({
          cwd: options.cwd,
          platform: options.platform,
          shell: options.shell,
          now: options.now(),
          git,
        });
        snapshot = { environment, gitRoot: git.kind === "repo" ? git.root : undefined };
      }
      const candidates = instructionFileCandidates({
        cwd: options.cwd,
        homeDir: options.homeDir,
        gitRoot: snapshot.gitRoot,
        levels: options.instructionLevels,
      });
      const loaded = await loadInstructionDocuments({
        candidates,
        cwd: options.cwd,
        homeDir: options.homeDir,
        cache,
      });
      const instructions = formatInstructionsSection(loaded.documents);
      const memoryFile = memoryPath(options.cwd);
      const memoryRead = await cache.read(memoryFile);
      const memory = formatMemorySection(memoryFile, memoryRead);
      const extras =
        typeof options.extraSections === "function" ? options.extraSections() : (options.extraSections ?? []);

      const style = options.outputStyle?.();
      const styleSection = isDefaultStyle(style) ? undefined : formatStyleSection(style as OutputStyle);
      const sections = [
        (options.systemPrompt ?? basePrompt(style)).trim(),
        snapshot.environment,
        instructions?.text,
        memory.text,
        formatSkillsSection(options.skills),
        ...extras.map((section) => `# ${section.title}\n${section.body.trim()}`),
        styleSection,
        options.appendSystemPrompt?.trim(),
      ].filter((section): section is string => Boolean(section));

      const warnings = [...loaded.warnings, ...(instructions?.warnings ?? [])];
      if (memory.warning) warnings.push(memory.warning);
      const newWarnings = warnings.filter((warning) => !seenWarnings.has(warning));
      for (const warning of newWarnings) seenWarnings.add(warning);
      const sources = [...(instructions?.included ?? [])];
      if (memoryRead.kind === "ok") sources.push(memoryFile);
      const importers = new Map(loaded.documents.map((document) => [document.path, document.importedBy]));
      const origin = (path: string) => {
        const importedBy = importers.get(path);
        return importedBy ? { path, importedBy } : { path };
      };
      return {
        text: sections.join("\n\n"),
        warnings,
        newWarnings,
        sources,
        loaded: sources.map(origin),
        sections: { instructions: instructions?.text, memory: memory.text, outputStyle: styleSection },
      };
    },
  };
}

function formatStyleSection(style: OutputStyle): string {
  const body = style.instructions.trim();
  return `# Output style: ${style.name}\n${body === "" ? "(this style gives no instructions)" : body}`;
}
