// Which IP addresses WebFetch and the search backends may connect to: only globally routable unicast
// addresses, unless the user opted in to private networks. The classification is ipaddr.js's range
// table; IPv6 forms that carry an IPv4 address (mapped, compatible, SIIT, NAT64, 6to4, Teredo) are
// judged by the IPv4 address inside them, so `::ffff:10.0.0.1` is as private as `10.0.0.1`. The
// opt-in opens only loopback, private, unique-local and CGNAT ranges; metadata services stay closed.
import ipaddr from "ipaddr.js";

type AddressVerdict =
  | { allowed: true; address: string }
  | { allowed: false; address: string; range: string; reason: string };

const RANGE_NAMES: Record<string, string> = {
  loopback: "a loopback address",
  private: "a private network address",
  linkLocal: "a link-local address (this range holds cloud metadata services such as 169.254.169.254)",
  carrierGradeNat: "a carrier-grade NAT address (100.64.0.0/10)",
  unspecified: "the unspecified address",
  broadcast: "the broadcast address",
  multicast: "a multicast address",
  reserved: "a reserved or documentation address",
  benchmarking: "a benchmarking address (198.18.0.0/15)",
  uniqueLocal: "an IPv6 unique local address (fc00::/7, e.g. the fd00:ec2::254 metadata service)",
  deprecatedSiteLocal: "an IPv6 site-local address (fec0::/10)",
  discard: "an IPv6 discard-only address (100::/64)",
  localNat64: "a local-use NAT64 address (64:ff9b:1::/48)",
  cloudMetadata: "a cloud metadata service address",
  invalid: "not an IP address",
};

/** Ranges the user's `webFetch.allowPrivateNetwork` opt-in opens (local servers, VPNs such as Tailscale). */
export const OPT_IN_RANGES = new Set(["loopback", "private", "uniqueLocal", "carrierGradeNat"]);

/** Metadata services inside otherwise opt-in ranges: never reachable (AWS IPv6, Alibaba Cloud). Parsed
 *  on first use: start-up need not run ipaddr's parser before anything is fetched. */
let metadataAddresses: string[] | undefined;
function isMetadataAddress(address: string): boolean {
  metadataAddresses ??= ["fd00:ec2::254", "100.100.100.200"].map((text) => ipaddr.parse(text).toString());
  return metadataAddresses.includes(address);
}

type Groups = [number, number, number, number, number, number, number, number];

function isEightGroups(parts: number[]): parts is Groups {
  return parts.length === 8;
}

/** An IPv6 address's eight 16-bit groups (ipaddr.js parses every form into all eight). */
function groupsOf(address: ipaddr.IPv6): Groups {
  const parts = address.parts;
  if (!isEightGroups(parts)) throw new Error(`internal error: ${address.toString()} has not eight groups`);
  return parts;
}

/** The IPv4 address an IPv6 address carries, for the forms that route to it; undefined otherwise. */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const parts = groupsOf(address);
  const lastTwo = (high: number, low: number) =>
    new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const zeros = (from: number, to: number) => parts.slice(from, to).every((part) => part === 0);
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible, deprecated), ::ffff:0:a.b.c.d (SIIT, RFC 6145)
  if (zeros(0, 5) && parts[5] === 0xffff) return lastTwo(parts[6], parts[7]);
  if (zeros(0, 6) && (parts[6] !== 0 || parts[7] > 1)) return lastTwo(parts[6], parts[7]);
  if (zeros(0, 4) && parts[4] === 0xffff && parts[5] === 0) return lastTwo(parts[6], parts[7]);
  // 64:ff9b::a.b.c.d (well-known NAT64 prefix, RFC 6052)
  if (parts[0] === 0x64 && parts[1] === 0xff9b && zeros(2, 6)) return lastTwo(parts[6], parts[7]);
  // 2002:AABB:CCDD::/48 (6to4, RFC 3056)
  if (parts[0] === 0x2002) return lastTwo(parts[1], parts[2]);
  return undefined;
}

/** Teredo (2001:0::/32) carries the server's IPv4 in bits 32–63 and the client's, inverted, in 96–127. */
function teredoIpv4s(address: ipaddr.IPv6): ipaddr.IPv4[] | undefined {
  const parts = groupsOf(address);
  if (parts[0] !== 0x2001 || parts[1] !== 0) return undefined;
  const server = new ipaddr.IPv4([parts[2] >> 8, parts[2] & 0xff, parts[3] >> 8, parts[3] & 0xff]);
  const high = parts[6] ^ 0xffff;
  const low = parts[7] ^ 0xffff;
  const client = new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  return [server, client];
}

function ipv6RangeOf(address: ipaddr.IPv6): string {
  const parts = address.parts;
  // RFC 8215 local-use NAT64 prefix: translated to whatever the local network decides.
  if (parts[0] === 0x64 && parts[1] === 0xff9b && parts[2] === 1) return "localNat64";
  return address.range();
}

/** Judges one address (a literal from a URL or an answer from DNS). */
export function checkAddress(text: string): AddressVerdict {
  const bare = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  if (!ipaddr.isValid(bare)) return refuse(text, "invalid");
  let address = ipaddr.parse(bare);
  if (isMetadataAddress(address.toString())) return refuse(text, "cloudMetadata");
  if (address.kind() === "ipv6") {
    const v6 = address as ipaddr.IPv6;
    if (v6.zoneId !== undefined) return refuse(text, "linkLocal");
    const teredo = teredoIpv4s(v6);
    if (teredo) {
      const blocked = teredo.find((inner) => inner.range() !== "unicast");
      if (blocked) return refuse(text, blocked.range(), `Teredo address embedding ${blocked.toString()}`);
      return { allowed: true, address: text };
    }
    const inner = embeddedIpv4(v6);
    if (inner) {
      if (isMetadataAddress(inner.toString())) return refuse(text, "cloudMetadata");
      if (inner.range() !== "unicast") return refuse(text, inner.range(), `IPv6 form of ${inner.toString()}`);
      return { allowed: true, address: text };
    }
    const range = ipv6RangeOf(v6);
    return range === "unicast" ? { allowed: true, address: text } : refuse(text, range);
  }
  address = address as ipaddr.IPv4;
  const range = address.range();
  return range === "unicast" ? { allowed: true, address: text } : refuse(text, range);
}

function refuse(address: string, range: string, form?: string): AddressVerdict {
  const name = RANGE_NAMES[range] ?? `a special-purpose address (${range})`;
  return { allowed: false, address, range, reason: form ? `${name}; ${form}` : name };
}
