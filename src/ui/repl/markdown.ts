// Terminal markdown for assistant text: `marked`'s lexer and our own renderer. Headings, lists
// (nested, ordered, tasks), fenced code set apart with a gutter, quotes, tables, rules, and inline
// bold, italics, code, links and strikethrough. Pure: text + width + style → wrapped lines.
import { marked, type Token, type Tokens } from "marked";
import { highlightCode } from "./highlight.js";
import type { Style } from "./style.js";
import { visibleWidth, wrapLine, wrapWithPrefix } from "./text-width.js";

type MarkdownOptions = { width: number; style: Style };

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

function renderInline(tokens: Token[] | undefined, style: Style): string {
  if (!tokens) return "";
  let out = "";
  for (const token of tokens) {
    switch (token.type) {
      case "strong":
        out += style.bold(renderInline(token.tokens, style));
        break;
      case "em":
        out += style.italic(renderInline(token.tokens, style));
        break;
      case "del":
        out += style.strike(renderInline(token.tokens, style));
        break;
      case "codespan": {
        const code = decodeEntities(token.text);
        out += style.color ? style.cyan(code) : `\`${code}\``;
        break;
      }
      case "link": {
        const label = renderInline(token.tokens, style);
        const plainLabel = decodeEntities(token.text);
        out += style.underline(style.blue(label));
        if (token.href && token.href !== plainLabel && `mailto:${plainLabel}` !== token.href)
          out += style.dim(` (${token.href})`);
        break;
      }
      case "checkbox":
        break;
      case "image":
        out += style.dim(`[image: ${token.text || token.href}]`);
        break;
      case "br":
        out += "\n";
        break;
      case "text":
        out +=
          "tokens" in token && token.tokens ? renderInline(token.tokens, style) : decodeEntities(token.text);
        break;
      case "escape":
        out += decodeEntities(token.text);
        break;
      default:
        out += "raw" in token ? decodeEntities(String(token.raw)) : "";
    }
  }
  return out;
}

function renderCode(token: Tokens.Code, options: MarkdownOptions): string[] {
  const { style, width } = options;
  const gutter = style.dim("│ ");
  const lines: string[] = [];
  if (token.lang) lines.push(style.dim(`┌ ${token.lang}`));
  const code = token.text.replace(/\t/g, "  ");
  const language = token.lang?.split(/\s/)[0]?.toLowerCase();
  const highlighted =
    highlightCode(code, language, style) ?? code.split("\n").map((line) => style.green(line));
  for (const line of highlighted) {
    for (const piece of wrapLine(line, Math.max(8, width - 2))) lines.push(gutter + piece);
  }
  return lines;
}

function renderList(token: Tokens.List, options: MarkdownOptions, depth: number): string[] {
  const { style } = options;
  const lines: string[] = [];
  const start = typeof token.start === "number" ? token.start : 1;
  token.items.forEach((item, index) => {
    const bullet = token.ordered ? `${start + index}.` : depth % 2 === 0 ? "•" : "◦";
    const task = item.task ? (item.checked ? "[x] " : "[ ] ") : "";
    const marker = `${bullet} ${task}`;
    const indent = " ".repeat(visibleWidth(marker));
    const content = item.tokens.filter((child) => child.type !== "checkbox");
    const inner = renderBlocks(content, { ...options, width: options.width - indent.length }, depth + 1);
    inner.forEach((line, lineIndex) => {
      lines.push((lineIndex === 0 ? style.dim(bullet) + (task ? ` ${task}` : " ") : indent) + line);
    });
  });
  return lines;
}

const MIN_COLUMN = 3;

function alignCell(text: string, width: number, align: "left" | "right" | "center" | null): string {
  const room = Math.max(0, width - visibleWidth(text));
  if (align === "right") return " ".repeat(room) + text;
  if (align === "center") return " ".repeat(Math.floor(room / 2)) + text + " ".repeat(Math.ceil(room / 2));
  return text + " ".repeat(room);
}

/** Column widths that fit `available`: the widest column gives up a cell until the table fits. */
function fitColumns(natural: number[], available: number): number[] {
  const widths = [...natural];
  let total = widths.reduce((sum, width) => sum + width, 0);
  while (total > available) {
    const widest = widths.indexOf(Math.max(...widths));
    const width = widths[widest];
    if (width === undefined || width <= MIN_COLUMN) break;
    widths[widest] = width - 1;
    total--;
  }
  return widths;
}

function renderTable(token: Tokens.Table, options: MarkdownOptions): string[] {
  const { style } = options;
  const header = token.header.map((cell) => renderInline(cell.tokens, style));
  const rows = token.rows.map((row) => row.map((cell) => renderInline(cell.tokens, style)));
  const columns = header.length;
  const separator = 3 * (columns - 1);
  if (options.width - separator < columns * MIN_COLUMN) {
    // Too many columns for the width: one block per row, "Header: value".
    return rows.flatMap((row, index) => [
      ...(index > 0 ? [""] : []),
      ...row.flatMap((cell, column) =>
        wrapWithPrefix(cell, options.width, `${style.bold(header[column] ?? "")}: `, "  "),
      ),
    ]);
  }
  const natural = header.map((cell, column) =>
    Math.max(1, visibleWidth(cell), ...rows.map((row) => visibleWidth(row[column] ?? ""))),
  );
  const widths = fitColumns(natural, options.width - separator);
  const align = token.align;
  const line = (cells: string[], paint: (text: string) => string = (text) => text) => {
    const wrapped = widths.map((width, column) => wrapLine(cells[column] ?? "", width));
    const height = Math.max(...wrapped.map((pieces) => pieces.length));
    return Array.from({ length: height }, (_, row) =>
      widths
        .map((width, column) => {
          const cell = alignCell(wrapped[column]?.[row] ?? "", width, align[column] ?? null);
          return column === widths.length - 1 ? paint(cell.trimEnd()) : paint(cell);
        })
        .join(style.dim(" │ ")),
    );
  };
  const out = [...line(header, style.bold), style.dim(widths.map((width) => "─".repeat(width)).join("─┼─"))];
  for (const row of rows) out.push(...line(row));
  return out;
}

function renderBlock(token: Token, options: MarkdownOptions, depth: number): string[] {
  const { style, width } = options;
  switch (token.type) {
    case "heading": {
      const text = renderInline(token.tokens, style);
      const styled = token.depth <= 2 ? style.bold(style.underline(text)) : style.bold(text);
      return wrapWithPrefix(styled, width, "", "");
    }
    case "paragraph":
    case "text": {
      const text = "tokens" in token && token.tokens ? renderInline(token.tokens, style) : token.text;
      return wrapWithPrefix(text, width, "", "");
    }
    case "code":
      return renderCode(token as Tokens.Code, options);
    case "list":
      return renderList(token as Tokens.List, options, depth);
    case "blockquote": {
      const inner = renderBlocks(token.tokens ?? [], { ...options, width: width - 2 }, depth);
      return inner.map((line) => style.dim("▌ ") + style.italic(line));
    }
    case "hr":
      return [style.dim("─".repeat(Math.min(width, 40)))];
    case "table":
      return renderTable(token as Tokens.Table, options);
    case "html":
      return wrapWithPrefix(String(token.raw).trimEnd(), width, "", "");
    case "space":
      return [];
    default:
      return "raw" in token ? wrapWithPrefix(String(token.raw).trimEnd(), width, "", "") : [];
  }
}

function renderBlocks(tokens: Token[], options: MarkdownOptions, depth: number): string[] {
  const out: string[] = [];
  let previous: Token | undefined;
  for (const token of tokens) {
    if (token.type === "space") continue;
    const lines = renderBlock(token, options, depth);
    if (lines.length === 0) continue;
    // Blocks are separated by a blank line, except tight list content.
    const tight = depth > 0 && (previous?.type === "text" || token.type === "list");
    if (previous && !tight) out.push("");
    out.push(...lines);
    previous = token;
  }
  return out;
}

/** Renders markdown to terminal lines, wrapped to `width`. */
export function renderMarkdown(markdown: string, options: MarkdownOptions): string[] {
  const tokens = marked.lexer(markdown, { gfm: true });
  return renderBlocks(tokens, options, 0);
}
