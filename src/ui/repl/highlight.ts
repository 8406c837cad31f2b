// Syntax colours for code blocks and diffs through highlight.js (its common languages), loaded
// lazily: `preloadHighlighter()` starts the import after the first frame, and until it is done (or
// for an unknown language, or without colour) code is shown plain. highlight.js's HTML (class
// spans) becomes ANSI foreground colours here; backgrounds are left to the caller (diffs).
import type { Paint, Style } from "./style.js";

/** The part of highlight.js used here (its own types pull in the DOM library). */
type Highlighter = {
  highlight(code: string, options: { language: string; ignoreIllegals: boolean }): { value: string };
  getLanguage(name: string): unknown;
};

let api: Highlighter | undefined;
let loading: Promise<void> | undefined;

/** Starts loading highlight.js once; resolves when it is ready (or failed: code stays plain). */
export function preloadHighlighter(): Promise<void> {
  const name = "highlight.js/lib/common";
  loading ??= (import(name) as Promise<{ default: Highlighter }>)
    .then((module) => {
      api = module.default;
    })
    .catch(() => undefined);
  return loading;
}

const EXTENSION_LANGUAGE: Record<string, string> = {
  mjs: "javascript",
  cjs: "javascript",
  mts: "typescript",
  cts: "typescript",
  tsx: "typescript",
  jsx: "javascript",
  md: "markdown",
  yml: "yaml",
  sh: "bash",
  zsh: "bash",
};

/** The highlight.js language for a file path (by extension), if it knows one. */
export function languageForPath(path: string): string | undefined {
  const extension = /\.([A-Za-z0-9]+)$/.exec(path)?.[1]?.toLowerCase();
  if (extension === undefined) return undefined;
  const name = EXTENSION_LANGUAGE[extension] ?? extension;
  return api?.getLanguage(name) ? name : undefined;
}

function painter(scope: string, style: Style): Paint | undefined {
  const base = scope.split(/[\s.]/)[0];
  switch (base) {
    case "keyword":
    case "selector-tag":
    case "doctag":
      return style.magenta;
    case "built_in":
    case "type":
    case "class":
    case "title":
      return style.blue;
    case "string":
    case "regexp":
    case "addition":
    case "symbol":
      return style.green;
    case "number":
    case "literal":
    case "attr":
    case "attribute":
    case "property":
    case "variable":
    case "template-variable":
      return style.cyan;
    case "comment":
    case "quote":
    case "meta":
      return style.dim;
    case "deletion":
      return style.red;
    case "section":
    case "strong":
      return style.bold;
    case "emphasis":
      return style.italic;
    default:
      return undefined;
  }
}

function decode(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

/** Converts highlight.js HTML to ANSI lines (a span crossing a newline is reopened on the next line). */
function htmlToAnsi(html: string, style: Style): string[] {
  const lines: string[] = [""];
  const stack: Array<Paint | undefined> = [];
  const current = () => stack.findLast((paint) => paint !== undefined);
  for (const match of html.matchAll(/<span class="([^"]*)">|<\/span>|([^<]+)/g)) {
    if (match[1] !== undefined) stack.push(painter(match[1].replace(/hljs-/g, ""), style));
    else if (match[2] === undefined) stack.pop();
    else {
      const paint = current() ?? ((text: string) => text);
      decode(match[2])
        .split("\n")
        .forEach((piece, index) => {
          if (index > 0) lines.push("");
          lines[lines.length - 1] += paint(piece);
        });
    }
  }
  return lines;
}

/** Highlighted lines of `code`, or undefined (not loaded yet, unknown language, no colour). */
export function highlightCode(
  code: string,
  language: string | undefined,
  style: Style,
): string[] | undefined {
  if (!api || !language || !style.color || !api.getLanguage(language)) return undefined;
  try {
    return htmlToAnsi(api.highlight(code, { language, ignoreIllegals: true }).value, style);
  } catch {
    return undefined;
  }
}
