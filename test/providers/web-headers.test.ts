// WebHeaders (the undici-free Headers the provider SDKs get in the bundle) against Node's own
// Headers: the same answers for the same operations, the same refusals of bad names and values,
// and `instanceof` that recognises both.
import assert from "node:assert/strict";
import { test } from "node:test";
import { LazyFormData, WebHeaders } from "../../src/providers/web-headers.js";

type Operation = ["append" | "set", string, string] | ["delete", string];

function apply(headers: Headers | WebHeaders, operations: Operation[]): void {
  for (const operation of operations) {
    if (operation[0] === "delete") headers.delete(operation[1]);
    else headers[operation[0]](operation[1], operation[2]);
  }
}

function observe(headers: Headers | WebHeaders) {
  const forEach: string[] = [];
  headers.forEach((value, name) => {
    forEach.push(`${name}=${value}`);
  });
  return {
    entries: [...headers.entries()],
    iterated: [...headers],
    keys: [...headers.keys()],
    values: [...headers.values()],
    forEach,
    getSetCookie: headers.getSetCookie(),
    gets: ["content-type", "X-Stainless-Retry-Count", "accept", "set-cookie", "missing"].map((name) =>
      headers.get(name),
    ),
    has: ["ACCEPT", "missing"].map((name) => headers.has(name)),
  };
}

test("the same operations give the same headers as Node's Headers", () => {
  const operations: Operation[] = [
    ["append", "Accept", "application/json"],
    ["append", "accept", "text/plain"],
    ["set", "Content-Type", "  application/json \t"],
    ["append", "X-Stainless-Retry-Count", "0"],
    ["append", "Set-Cookie", "a=1"],
    ["append", "set-cookie", "b=2"],
    ["append", "zeta", ""],
    ["append", "Anthropic-Beta", "one"],
    ["delete", "ANTHROPIC-BETA"],
    ["set", "x-stainless-retry-count", "1"],
  ];
  const ours = new WebHeaders();
  const theirs = new Headers();
  apply(ours, operations);
  apply(theirs, operations);
  assert.deepEqual(observe(ours), observe(theirs));
});

test("every init shape gives what Node's Headers gives", () => {
  const node = new Headers([["B", "2"]]);
  const inits = [
    { "Content-Type": "application/json", "x-api-key": "k" },
    [
      ["a", "1"],
      ["A", "2"],
    ],
    node,
    new WebHeaders({ c: "3" }),
    new Map([["d", "4"]]),
    undefined,
  ];
  for (const init of inits) {
    assert.deepEqual(
      [...new WebHeaders(init as Record<string, string>)],
      [...new Headers(init as ConstructorParameters<typeof Headers>[0])],
      String(init),
    );
  }
});

test("bad names, values and pairs are refused as Node's Headers refuses them", () => {
  const attempts: Array<(make: typeof Headers | typeof WebHeaders) => unknown> = [
    (Make) => new Make().append("bad name", "v"),
    (Make) => new Make().append("", "v"),
    (Make) => new Make().set("x", "line\r\nInjected: 1"),
    (Make) => new Make().append("x", "nul\0"),
    (Make) => new Make([["only-a-name"]] as unknown as [string, string][]),
    (Make) => new Make().get("bad:name"),
  ];
  for (const attempt of attempts) {
    assert.throws(() => attempt(Headers), TypeError);
    assert.throws(() => attempt(WebHeaders), TypeError);
  }
});

test("instanceof recognises both kinds of Headers and nothing else; FormData likewise", () => {
  assert.ok(new WebHeaders() instanceof WebHeaders);
  assert.ok(new Headers() instanceof WebHeaders);
  assert.ok(!({ get: () => null } instanceof WebHeaders));
  assert.ok(!([["a", "b"]] instanceof WebHeaders));
  assert.equal(Object.prototype.toString.call(new WebHeaders()), "[object Headers]");
  assert.ok(new FormData() instanceof LazyFormData);
  assert.ok(!({} instanceof LazyFormData));
  const made = new LazyFormData();
  assert.ok(made instanceof FormData, "constructing one makes a real FormData");
  made.append("field", "value");
  assert.equal(made.get("field"), "value");
});
