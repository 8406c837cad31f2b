// Formats loaded instruction documents as the "Project instructions" section of the system prompt
// and enforces the total size cap (64 KB of text) with a visible note saying what was cut.
import type { InstructionDocument } from "./instruction-files.js";

const INSTRUCTIONS_CAP_CHARS = 64 * 1024;

type InstructionsSection = {
  text: string;
  included: string[];
  truncated: boolean;
  warnings: string[];
};

function wrap(document: InstructionDocument, body: string): string {
  const origin = document.importedBy ? ` imported-by="${document.importedBy}"` : "";
  return `<instructions path="${document.path}"${origin}>\n${body.trimEnd()}\n</instructions>`;
}

export function formatInstructionsSection(
  documents: readonly InstructionDocument[],
  cap = INSTRUCTIONS_CAP_CHARS,
): InstructionsSection | undefined {
  if (documents.length === 0) return undefined;
  const blocks: string[] = [];
  const included: string[] = [];
  const warnings: string[] = [];
  let used = 0;
  let cutAt: { path: string; omitted: number } | undefined;
  let dropped: string[] = [];
  for (const [index, document] of documents.entries()) {
    const body = document.cut ? `${document.text}\n[… file cut at the read limit]` : document.text;
    const room = cap - used;
    if (body.length <= room) {
      blocks.push(wrap(document, body));
      included.push(document.path);
      used += body.length;
      continue;
    }
    if (room > 0) {
      blocks.push(wrap(document, body.slice(0, room)));
      included.push(document.path);
      cutAt = { path: document.path, omitted: body.length - room };
    }
    dropped = documents.slice(room > 0 ? index + 1 : index).map((rest) => rest.path);
    break;
  }
  const truncated = cutAt !== undefined || dropped.length > 0;
  if (truncated) {
    const parts = [`[Project instructions truncated at the ${Math.round(cap / 1024)} KB limit.`];
    if (cutAt) parts.push(`${cutAt.path}: last ${cutAt.omitted} characters omitted.`);
    if (dropped.length > 0) parts.push(`Not loaded: ${dropped.join(", ")}.`);
    parts.push("Read them with the Read tool if needed.]");
    blocks.push(parts.join(" "));
    warnings.push(
      `Project instructions exceed ${Math.round(cap / 1024)} KB and were truncated` +
        `${cutAt ? ` in ${cutAt.path}` : ""}${dropped.length > 0 ? `; not loaded: ${dropped.join(", ")}` : ""}. ` +
        `Shorten AGENTS.md/CLAUDE.md or their imports.`,
    );
  }
  const header =
    "# Project instructions\nInstruction files from the user and this project, most general first; " +
    "when they conflict, later (nearer) files win. Follow them.";
  return { text: [header, ...blocks].join("\n\n"), included, truncated, warnings };
}
