import assert from "node:assert/strict";
import { test } from "node:test";
import { htmlToMarkdown } from "../../../src/tools/web/html-to-markdown.js";

test("highlighted code without <code>, strikethrough, task lists and nested lists survive", () => {
  const { markdown } = htmlToMarkdown(
    `<body><article><h1>Guide</h1><div class="highlight"><pre><span class="k">def</span> <span class="nf">f</span>():
    return 1</pre></div><p><del>old</del> new</p><ul><li><input type="checkbox" checked> done</li><li>outer<ul><li>inner</li></ul></li></ul></article></body>`,
    "https://example.com/guide",
  );
  assert.match(markdown, /```\ndef f\(\):\n {4}return 1\n```/);
  assert.match(markdown, /~~old~~ new/);
  assert.match(markdown, /- {3}\[x\] +done/);
  assert.match(markdown, / {4}- {3}inner/);
});

test("without marked main content the whole body is used, minus headers, navigation and footers", () => {
  const page = htmlToMarkdown(
    `<html><head><title> Site — Page </title><base href="https://cdn.example.com/docs/"></head><body><header><a href="/">Logo</a></header><nav>Menu</nav>
    <div><h2>Intro</h2><p>See <a href="part2.html">part 2</a> and <a href="#top">top</a>.</p><img src="fig.png" alt="figure"></div>
    <aside>Ads</aside><footer>Legal</footer><script>evil()</script></body></html>`,
    "https://example.com/page",
  );
  assert.equal(page.title, "Site — Page");
  assert.match(page.markdown, /^## Intro/);
  assert.match(page.markdown, /\[part 2\]\(https:\/\/cdn\.example\.com\/docs\/part2\.html\)/);
  assert.match(page.markdown, /\[top\]\(#top\)/);
  assert.match(page.markdown, /!\[figure\]\(https:\/\/cdn\.example\.com\/docs\/fig\.png\)/);
  assert.doesNotMatch(page.markdown, /Logo|Menu|Ads|Legal|evil/);
});

test("two <article> elements are not a single main content: both are kept", () => {
  const { markdown } = htmlToMarkdown(
    "<body><article><p>first</p></article><article><p>second</p></article></body>",
    "https://e.com/",
  );
  assert.match(markdown, /first[\s\S]*second/);
});
