// The WebSearch tool (Claude Code's shape: `query`, `allowed_domains?`, `blocked_domains?`): runs the
// configured backend (Anthropic's server-side search, Brave, Tavily or SearXNG) and gives the model a
// numbered list of titles, URLs and snippets, plus the provider's cited answer when there is one.
// Like WebFetch it asks for permission (`WebSearch` rules) and runs through hooks.
import { z } from "zod";
import { defineTool, fail, ok, type Tool } from "../tool.js";
import type { SearchBackend, SearchHit } from "./search/search-backend.js";

const domains = z.array(z.string().min(1)).optional();

const schema = z.strictObject({
  query: z.string().min(2).describe("The search query"),
  allowed_domains: domains.describe("Only results from these domains and their subdomains"),
  blocked_domains: domains.describe(
    "No results from these domains and their subdomains (not with allowed_domains)",
  ),
});

/** For prebuilt-tool-schemas.ts (its JSON Schema is computed at build time). */
export { schema as webSearchSchema };

type Input = z.infer<typeof schema>;

const DESCRIPTION = `Searches the web and returns result titles, URLs and snippets.
- For what is newer than your training data: current versions, recent changes, error messages, unknown documentation.
- Read a promising result in full with WebFetch.
- When you use results in your answer, cite them as Markdown links.`;

function domainError(list: string[] | undefined): string | undefined {
  const bad = (list ?? []).find((domain) => domain.includes("/") || /\s/.test(domain));
  return bad ? `"${bad}" is not a domain; give bare domains such as docs.python.org` : undefined;
}

function render(
  query: string,
  backend: SearchBackend,
  hits: SearchHit[],
  extra: { answer?: string; notes?: string[]; searches?: number },
) {
  const searches = extra.searches && extra.searches > 1 ? `, ${extra.searches} searches` : "";
  const lines = [`Web search results for "${query}" (${backend.label}${searches}):`, ""];
  if (hits.length === 0) lines.push("No results.");
  hits.forEach((hit, index) => {
    lines.push(`${index + 1}. ${hit.title}`, `   ${hit.url}${hit.age ? ` (${hit.age})` : ""}`);
    if (hit.snippet) lines.push(`   ${hit.snippet.replace(/\s+/g, " ").trim().slice(0, 500)}`);
  });
  if (extra.answer) lines.push("", "Answer from the search ([n] = result number):", extra.answer);
  for (const note of extra.notes ?? []) lines.push("", `Note: ${note}`);
  if (hits.length > 0) lines.push("", "Cite the sources you use as Markdown links, e.g. [title](url).");
  return lines.join("\n");
}

export function createWebSearchTool(backend: SearchBackend): Tool<Input> {
  return defineTool<Input>({
    name: "WebSearch",
    description: DESCRIPTION,
    schema,
    isReadOnly: () => false,
    summary: (input) => input.query,
    async execute(input, context) {
      const allowed = input.allowed_domains ?? [];
      const blocked = input.blocked_domains ?? [];
      if (allowed.length > 0 && blocked.length > 0)
        return fail("invalid_input", "Give allowed_domains or blocked_domains, not both.");
      const bad = domainError(allowed) ?? domainError(blocked);
      if (bad) return fail("invalid_input", `${bad}.`);
      const outcome = await backend.search({
        query: input.query,
        allowedDomains: allowed,
        blockedDomains: blocked,
        signal: context.signal,
      });
      if (!outcome.ok) {
        const failure = fail(outcome.code, outcome.message, { backend: backend.name });
        return outcome.usage ? { ...failure, usage: outcome.usage } : failure;
      }
      const data = {
        backend: backend.name,
        query: input.query,
        results: outcome.hits,
        searches: outcome.searches ?? 1,
      };
      const result = ok(render(input.query, backend, outcome.hits, outcome), data);
      return outcome.usage ? { ...result, usage: outcome.usage } : result;
    },
  });
}
