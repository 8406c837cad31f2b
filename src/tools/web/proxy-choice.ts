// Which proxy, if any, carries a web request: HTTPS_PROXY for https targets, HTTP_PROXY for http ones
// (lower-case names too, read in cli/), skipped for hosts listed in NO_PROXY (`*`, exact names,
// `.suffix` / `suffix` domain matches, optional `:port`). The proxy only tunnels to the address the
// guard checked (connector.ts), so it cannot be used to reach a different address.
import type { ConnectTarget } from "./connector.js";

type ProxySettings = { httpsProxy?: string; httpProxy?: string; noProxy?: string };

function parseProxy(value: string | undefined): URL | undefined {
  if (!value || value.trim() === "") return undefined;
  const text = value.includes("://") ? value.trim() : `http://${value.trim()}`;
  try {
    const url = new URL(text);
    return url.protocol === "http:" ? url : undefined;
  } catch {
    return undefined;
  }
}

/** A problem with the proxy variables that the user should see once (e.g. an https:// or socks proxy). */
export function proxyWarning(settings: ProxySettings): string | undefined {
  for (const [name, value] of [
    ["HTTPS_PROXY", settings.httpsProxy],
    ["HTTP_PROXY", settings.httpProxy],
  ] as const) {
    if (value && value.trim() !== "" && !parseProxy(value))
      return `${name}=${value} is not an http:// proxy URL; WebFetch and WebSearch connect directly`;
  }
  return undefined;
}

function bypassed(noProxy: string | undefined, host: string, port: number): boolean {
  if (!noProxy) return false;
  const name = host.toLowerCase();
  for (const raw of noProxy.split(/[\s,]+/)) {
    const entry = raw.trim().toLowerCase();
    if (entry === "") continue;
    if (entry === "*") return true;
    const [pattern = "", entryPort] = entry.startsWith("[")
      ? [entry.replace(/\]:\d+$/, "]"), entry.match(/\]:(\d+)$/)?.[1]]
      : entry.split(":");
    if (entryPort !== undefined && Number(entryPort) !== port) continue;
    const domain = pattern.replace(/^\*?\./, "").replace(/^\[|\]$/g, "");
    if (name === domain || name.endsWith(`.${domain}`)) return true;
  }
  return false;
}

export function createProxyChoice(
  settings: ProxySettings,
): ((target: ConnectTarget) => URL | undefined) | undefined {
  const https = parseProxy(settings.httpsProxy);
  const http = parseProxy(settings.httpProxy);
  if (!https && !http) return undefined;
  return (target) => {
    if (bypassed(settings.noProxy, target.host, target.port)) return undefined;
    return target.tls ? https : http;
  };
}
