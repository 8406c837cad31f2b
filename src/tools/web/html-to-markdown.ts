// HTML pages to Markdown for the model: turndown with the GFM plugin (tables, strikethrough, task
// lists, fenced code with its language) over a domino DOM. Page chrome is dropped first: when the page
// marks its main content (<main>, role="main", a single <article>) only that is kept; navigation,
// footers, sidebars, forms and scripts go anyway. Links and images are made absolute against the page
// URL so the model can follow them. Loaded lazily (page-content.ts), so start-up never pays for it.
import { gfm } from "@joplin/turndown-plugin-gfm";
import domino, { type DomElement } from "@mixmark-io/domino";
import TurndownService from "turndown";

const CHROME = [
  "script",
  "style",
  "noscript",
  "template",
  "nav",
  "footer",
  "aside",
  "form",
  "svg",
  "iframe",
  "button",
  "dialog",
];
const MAIN_SELECTORS = ["main", "[role=main]", "article"];

export type ConvertedPage = { title: string | undefined; markdown: string };

function createConverter(): TurndownService {
  const converter = new TurndownService({
    headingStyle: "atx",
    codeBlockStyle: "fenced",
    bulletListMarker: "-",
    emDelimiter: "_",
  });
  converter.use(gfm);
  converter.remove(CHROME as TurndownService.Filter);
  // Highlighted code often comes as <pre> with spans and no <code>: still a code block.
  converter.addRule("bare-pre", {
    filter: (node) => {
      const element = node as unknown as DomElement;
      return element.nodeName === "PRE" && !element.querySelector("code");
    },
    replacement: (_content, node) => {
      const text = ((node as unknown as DomElement).textContent ?? "").replace(/\n$/, "");
      const fence = text.includes("```") ? "~~~" : "```";
      return `\n\n${fence}\n${text}\n${fence}\n\n`;
    },
  });
  return converter;
}

let converter: TurndownService | undefined;

function absolutize(root: DomElement, attribute: string, selector: string, base: string): void {
  for (const element of Array.from(root.querySelectorAll(selector))) {
    const value = element.getAttribute(attribute);
    if (value === null || value.startsWith("#") || value.startsWith("data:")) continue;
    try {
      element.setAttribute(attribute, new URL(value, base).href);
    } catch {
      // Not a resolvable URL (e.g. "javascript:"): leave it as written.
    }
  }
}

/** The element holding the page's main content, if the page marks exactly one. */
function mainContent(body: DomElement): DomElement | undefined {
  for (const selector of MAIN_SELECTORS) {
    const found = body.querySelectorAll(selector);
    const only = found.length === 1 ? found[0] : undefined;
    if (only !== undefined && (only.textContent ?? "").trim() !== "") return only;
  }
  return undefined;
}

export function htmlToMarkdown(html: string, pageUrl: string): ConvertedPage {
  const document = domino.createDocument(html);
  const title = document.querySelector("title")?.textContent?.trim() || undefined;
  let baseUrl = pageUrl;
  try {
    const base = document.querySelector("base[href]")?.getAttribute("href");
    if (base) baseUrl = new URL(base, pageUrl).href;
  } catch {
    // An unusable <base> is ignored.
  }
  const body = document.body ?? document.documentElement;
  const content = mainContent(body) ?? body;
  // Without marked main content, page headers (site navigation, logos) go too; inside main content
  // a <header> holds the article's own title and stays.
  if (content === body) for (const header of Array.from(body.querySelectorAll("header"))) header.remove();
  absolutize(content, "href", "a[href]", baseUrl);
  absolutize(content, "src", "img[src]", baseUrl);
  converter ??= createConverter();
  const markdown = converter
    .turndown(content as unknown as TurndownService.Node)
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return { title, markdown };
}
