// Type declarations for the two untyped libraries behind html-to-markdown.ts, and the small part of
// the DOM it uses (the project compiles without the browser `dom` library).
declare module "@mixmark-io/domino" {
  export interface DomElement {
    readonly nodeName: string;
    readonly textContent: string | null;
    querySelector(selector: string): DomElement | null;
    querySelectorAll(selector: string): ArrayLike<DomElement>;
    getAttribute(name: string): string | null;
    setAttribute(name: string, value: string): void;
    remove(): void;
  }
  export interface DomDocument extends DomElement {
    readonly body: DomElement | null;
    readonly documentElement: DomElement;
  }
  const domino: { createDocument(html?: string): DomDocument };
  export default domino;
}

declare module "@joplin/turndown-plugin-gfm" {
  import type TurndownService from "turndown";
  export const gfm: TurndownService.Plugin;
}
