// HTML pages to Markdown for the model (node-html-markdown: GFM tables, fenced code with its language).
// Page chrome is dropped first: when the page marks its main content (<main>, <article>,
// role="main") only that is kept, and navigation, headers, footers, sidebars, forms and scripts go
// anyway. Links and image sources are made absolute against the page URL so the model can follow them.
import { NodeHtmlMarkdown } from "node-html-markdown";
import { type HTMLElement, parse } from "node-html-parser";

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
];
const MAIN_SELECTORS = ["main", "[role=main]", "article"];

const converter = new NodeHtmlMarkdown({ ignore: CHROME, maxConsecutiveNewlines: 2 });

export type ConvertedPage = { title: string | undefined; markdown: string };

function absolutize(root: HTMLElement, attribute: string, selector: string, base: string): void {
  for (const element of root.querySelectorAll(selector)) {
    const value = element.getAttribute(attribute);
    if (value === undefined || value.startsWith("#") || value.startsWith("data:")) continue;
    try {
      element.setAttribute(attribute, new URL(value, base).href);
    } catch {
      // Not a resolvable URL (e.g. "javascript:"): leave it as written.
    }
  }
}

/** The element holding the page's main content, if the page marks exactly one. */
function mainContent(root: HTMLElement): HTMLElement | undefined {
  for (const selector of MAIN_SELECTORS) {
    const found = root.querySelectorAll(selector);
    if (found.length === 1 && found[0]!.text.trim().length > 0) return found[0];
  }
  return undefined;
}

export function htmlToMarkdown(html: string, pageUrl: string): ConvertedPage {
  const root = parse(html, {
    blockTextElements: { script: false, style: false, noscript: false, pre: true },
  });
  const title = root.querySelector("title")?.text.trim() || undefined;
  const base = root.querySelector("base[href]")?.getAttribute("href");
  let baseUrl = pageUrl;
  try {
    if (base) baseUrl = new URL(base, pageUrl).href;
  } catch {
    // An unusable <base> is ignored.
  }
  const body = root.querySelector("body") ?? root;
  const content = mainContent(body) ?? body;
  // Without marked main content, page headers (site navigation, logos) go too; inside main content
  // a <header> holds the article's own title and stays.
  if (content === body) for (const element of content.querySelectorAll("header")) element.remove();
  absolutize(content, "href", "a[href]", baseUrl);
  absolutize(content, "src", "img[src]", baseUrl);
  const markdown = converter.translate(content.outerHTML).trim();
  return { title, markdown };
}
