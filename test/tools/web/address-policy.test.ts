import assert from "node:assert/strict";
import { test } from "node:test";
import { checkAddress } from "../../../src/tools/web/address-policy.js";
import { guardHost } from "../../../src/tools/web/host-guard.js";
import { tableResolver } from "../../support/web-fixtures.js";

const refused: Array<[string, string]> = [
  ["127.0.0.1", "loopback"],
  ["127.255.255.254", "loopback"],
  ["10.0.0.1", "private"],
  ["172.16.5.4", "private"],
  ["192.168.1.1", "private"],
  ["169.254.169.254", "linkLocal"],
  ["169.254.170.2", "linkLocal"],
  ["100.64.0.1", "carrierGradeNat"],
  ["100.100.100.200", "cloudMetadata"],
  ["0.0.0.0", "unspecified"],
  ["255.255.255.255", "broadcast"],
  ["224.0.0.1", "multicast"],
  ["239.255.255.250", "multicast"],
  ["192.0.2.10", "reserved"],
  ["198.51.100.7", "reserved"],
  ["203.0.113.9", "reserved"],
  ["240.0.0.1", "reserved"],
  ["198.18.0.1", "reserved"],
  ["::1", "loopback"],
  ["::", "unspecified"],
  ["fe80::1", "linkLocal"],
  ["fc00::1", "uniqueLocal"],
  ["fd12:3456::1", "uniqueLocal"],
  ["fd00:ec2::254", "cloudMetadata"],
  ["ff02::1", "multicast"],
  ["fec0::1", "deprecatedSiteLocal"],
  ["2001:db8::1", "reserved"],
  // IPv6 forms that carry an IPv4 address are judged by that address.
  ["::ffff:127.0.0.1", "loopback"],
  ["::ffff:7f00:1", "loopback"],
  ["::ffff:10.0.0.1", "private"],
  ["::ffff:169.254.169.254", "linkLocal"],
  ["::ffff:100.100.100.200", "cloudMetadata"],
  ["::127.0.0.1", "loopback"],
  ["::a00:1", "private"],
  ["::ffff:0:10.0.0.1", "private"],
  ["64:ff9b::10.0.0.1", "private"],
  ["64:ff9b::7f00:1", "loopback"],
  ["64:ff9b::a9fe:a9fe", "linkLocal"],
  ["64:ff9b:1::a00:1", "localNat64"],
  ["64:ff9b:1::808:808", "localNat64"],
  ["2002:7f00:1::", "loopback"],
  ["2002:a00:1::1", "private"],
  ["2002:a9fe:a9fe::", "linkLocal"],
  // Teredo: server 65.54.227.120, client (inverted) 127.0.0.1
  ["2001:0:4136:e378:8000:63bf:80ff:fffe", "loopback"],
  // Teredo with a private server address
  ["2001:0:a00:1:8000:63bf:3fff:fdd2", "private"],
];

for (const [address, range] of refused) {
  test(`refuses ${address} (${range})`, () => {
    const verdict = checkAddress(address);
    assert.equal(verdict.allowed, false);
    assert.equal(verdict.allowed === false && verdict.range, range);
  });
}

const allowed = [
  "93.184.216.34",
  "8.8.8.8",
  "1.1.1.1",
  "2606:2800:220:1:248:1893:25c8:1946",
  "2a00:1450:4001:82a::200e",
  "::ffff:93.184.216.34",
  "64:ff9b::808:808",
  "2002:5db8:d822::1",
  "2001:0:4136:e378:8000:63bf:a247:27dd",
];

for (const address of allowed) {
  test(`allows the public address ${address}`, () => {
    assert.deepEqual(checkAddress(address), { allowed: true, address });
  });
}

test("garbage is not an address", () => {
  const verdict = checkAddress("not-an-ip");
  assert.equal(verdict.allowed === false && verdict.range, "invalid");
});

test("the opt-in opens loopback, private, unique-local and CGNAT but never metadata or link-local", async () => {
  const signal = new AbortController().signal;
  const resolver = tableResolver({});
  const check = (host: string, allowPrivateNetwork: boolean) =>
    guardHost(host, { resolver, allowPrivateNetwork, signal }).then((result) => result.ok);
  for (const host of ["127.0.0.1", "10.1.2.3", "[fd12::1]", "100.64.1.1", "[::1]", "[::ffff:192.168.0.1]"]) {
    assert.equal(await check(host, false), false, `${host} refused without the opt-in`);
    assert.equal(await check(host, true), true, `${host} allowed with the opt-in`);
  }
  for (const host of [
    "169.254.169.254",
    "[fd00:ec2::254]",
    "100.100.100.200",
    "[fe80::1]",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "192.0.2.1",
  ])
    assert.equal(await check(host, true), false, `${host} refused even with the opt-in`);
});
