// The SSRF guard's resolution step: a host name is resolved once, every address it resolves to is
// checked (address-policy.ts), and the checked addresses are what the connection uses afterwards —
// there is no second lookup, so a name that answers differently the next time (DNS rebinding) cannot
// move the connection to another address. IP literals are checked without any lookup.
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { errorMessage } from "../../util/index.js";
import { checkAddress, OPT_IN_RANGES } from "./address-policy.js";

export type ResolvedAddress = { address: string; family: 4 | 6 };

/** Resolves a host name to all its addresses (dns.lookup by default; tests inject their own). */
export type Resolver = (hostname: string, signal: AbortSignal) => Promise<ResolvedAddress[]>;

type GuardResult =
  | { ok: true; addresses: ResolvedAddress[]; private: boolean }
  | { ok: false; code: "blocked_address" | "dns_failed"; message: string };

export const systemResolver: Resolver = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }));
};

/** A URL's hostname as a bare name or address: brackets of IPv6 literals and a trailing dot removed. */
export function bareHost(hostname: string): string {
  const unbracketed = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  return unbracketed.replace(/\.+$/, "").toLowerCase();
}

export async function guardHost(
  hostname: string,
  options: { resolver: Resolver; allowPrivateNetwork: boolean; signal: AbortSignal },
): Promise<GuardResult> {
  const host = bareHost(hostname);
  let addresses: ResolvedAddress[];
  const literal = isIP(host);
  if (literal !== 0) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await options.resolver(host, options.signal);
    } catch (error) {
      return {
        ok: false,
        code: "dns_failed",
        message: `Could not resolve ${host}: ${errorMessage(error)}. Check the host name.`,
      };
    }
    if (addresses.length === 0)
      return { ok: false, code: "dns_failed", message: `Could not resolve ${host}: no addresses.` };
  }
  let anyPrivate = false;
  for (const { address } of addresses) {
    const verdict = checkAddress(address);
    if (verdict.allowed) continue;
    if (verdict.range === "invalid")
      return { ok: false, code: "dns_failed", message: `${host} resolved to "${address}", not an address.` };
    anyPrivate = true;
    const openable = OPT_IN_RANGES.has(verdict.range);
    if (options.allowPrivateNetwork && openable) continue;
    const via = literal !== 0 ? address : `${host} (resolves to ${address})`;
    const hint = openable
      ? ' To fetch from local or private servers (e.g. a local docs server), the user can set "webFetch": { "allowPrivateNetwork": true } in settings.'
      : "";
    return {
      ok: false,
      code: "blocked_address",
      message: `Refused to fetch ${via}: it is ${verdict.reason}. WebFetch only connects to public internet addresses.${hint}`,
    };
  }
  return { ok: true, addresses, private: anyPrivate };
}
