import assert from "node:assert/strict";
import { test } from "node:test";
import type { ConnectTarget } from "../../../src/tools/web/connector.js";
import { createProxyChoice, proxyWarning } from "../../../src/tools/web/proxy-choice.js";

const target = (host: string, tls: boolean, port = tls ? 443 : 80): ConnectTarget => ({
  address: "93.184.216.34",
  family: 4,
  host,
  port,
  tls: tls ? { servername: host } : null,
});

test("HTTPS_PROXY carries https targets and HTTP_PROXY http ones, each only its own", () => {
  const both = createProxyChoice({ httpsProxy: "http://secure-proxy:3128", httpProxy: "plain-proxy:8080" })!;
  assert.equal(both(target("docs.rs", true))?.host, "secure-proxy:3128");
  assert.equal(both(target("docs.rs", false))?.host, "plain-proxy:8080");
  const httpsOnly = createProxyChoice({ httpsProxy: "http://secure-proxy:3128" })!;
  assert.equal(httpsOnly(target("docs.rs", false)), undefined);
  assert.equal(createProxyChoice({}), undefined);
});

test("NO_PROXY: *, exact names, domain suffixes with or without a dot, ports", () => {
  const choice = (noProxy: string) => createProxyChoice({ httpsProxy: "http://proxy:1", noProxy })!;
  assert.equal(choice("*")(target("docs.rs", true)), undefined);
  assert.equal(choice("docs.rs")(target("docs.rs", true)), undefined);
  assert.equal(choice(".example.com")(target("a.example.com", true)), undefined);
  assert.equal(choice("example.com")(target("a.b.example.com", true)), undefined);
  assert.notEqual(choice("example.com")(target("badexample.com", true)), undefined);
  assert.equal(choice("internal:8443")(target("internal", true, 8443)), undefined);
  assert.notEqual(choice("internal:8443")(target("internal", true, 443)), undefined);
  assert.notEqual(choice("")(target("docs.rs", true)), undefined);
});

test("a proxy variable that is not an http:// URL is named in a warning and not used", () => {
  assert.match(proxyWarning({ httpsProxy: "socks5://127.0.0.1:1080" }) ?? "", /HTTPS_PROXY=socks5/);
  assert.equal(createProxyChoice({ httpsProxy: "socks5://127.0.0.1:1080" }), undefined);
  assert.equal(proxyWarning({ httpsProxy: "http://proxy:3128" }), undefined);
});
