// Settings `apiKeyHelper`, as Claude Code reads it: a shell command whose stdout is the API key. The
// key is cached and asked for again after CLAUDE_CODE_API_KEY_HELPER_TTL_MS (default 5 minutes) and
// after the server answers HTTP 401; concurrent requests share one run. The command runs through
// util/process-group.ts with the run's environment, in the project folder, under a time limit.
import { ByteCapture, runProcessGroup } from "../util/index.js";
import type { AttemptFailure } from "./retry.js";

const DEFAULT_KEY_TTL_MS = 5 * 60_000;
const HELPER_TIMEOUT_MS = 60_000;
const CAPTURE_LIMIT = 64 * 1024;

export type ApiKeyHelper = {
  readonly command: string;
  /** The cached key, or a fresh one once it is older than the TTL. Rejects with ApiKeyHelperError. */
  key(): Promise<string>;
  /** Runs the command again now (the server refused the cached key). */
  refresh(): Promise<string>;
};

class ApiKeyHelperError extends Error {}

type ApiKeyHelperOptions = {
  command: string;
  cwd: string;
  env: Record<string, string | undefined>;
  ttlMs?: number;
  now?: () => number;
};

function stderrTail(text: string): string {
  const lines = text.trim().split("\n").slice(-5).join(" / ");
  return lines === "" ? "nothing on stderr" : `stderr: ${lines}`;
}

async function runHelper(options: ApiKeyHelperOptions): Promise<string> {
  const stdout = new ByteCapture(CAPTURE_LIMIT);
  const stderr = new ByteCapture(CAPTURE_LIMIT);
  const run = await runProcessGroup({
    file: "/bin/sh",
    args: ["-c", options.command],
    cwd: options.cwd,
    env: options.env,
    stdout: (chunk) => stdout.push(chunk),
    stderr: (chunk) => stderr.push(chunk),
    timeoutMs: HELPER_TIMEOUT_MS,
  });
  const what = `settings apiKeyHelper (${JSON.stringify(options.command)})`;
  if (run.ending === "spawn_failed")
    throw new ApiKeyHelperError(`${what} could not start: ${run.spawnError}`);
  if (run.ending === "timeout")
    throw new ApiKeyHelperError(
      `${what} printed no key within ${HELPER_TIMEOUT_MS / 1000} s; check the script`,
    );
  if (run.exitCode !== 0) {
    const status = run.exitCode === null ? `killed by ${run.exitSignal}` : `exit status ${run.exitCode}`;
    throw new ApiKeyHelperError(`${what} failed (${status}; ${stderrTail(stderr.text())})`);
  }
  const key = stdout.text().trim();
  if (key === "")
    throw new ApiKeyHelperError(
      `${what} printed nothing on stdout (${stderrTail(stderr.text())}); it must print the API key`,
    );
  return key;
}

export function createApiKeyHelper(options: ApiKeyHelperOptions): ApiKeyHelper {
  const ttl = options.ttlMs ?? DEFAULT_KEY_TTL_MS;
  const now = options.now ?? Date.now;
  let cached: { key: string; at: number } | undefined;
  let running: Promise<string> | undefined;
  const ask = (): Promise<string> => {
    running ??= runHelper(options)
      .then((key) => {
        cached = { key, at: now() };
        return key;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  return {
    command: options.command,
    key: () => (cached && now() - cached.at < ttl ? Promise.resolve(cached.key) : ask()),
    refresh: () => {
      cached = undefined;
      return ask();
    },
  };
}

/** Where an adapter's key comes from: fixed (a variable) or a helper. */
export type KeySource = { kind: "fixed"; key: string } | { kind: "helper"; helper: ApiKeyHelper };

export function keySource(apiKey: string, helper: ApiKeyHelper | undefined): KeySource {
  return helper ? { kind: "helper", helper } : { kind: "fixed", key: apiKey };
}

/** Sends `request` with the source's key; after an HTTP 401 with a helper's key, asks the helper
 *  once more and sends again. A helper that fails ends the attempt as an auth error. */
export async function withKey<T>(
  source: KeySource,
  request: (key: string) => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; failure: AttemptFailure }> {
  if (source.kind === "fixed") return { ok: true, value: await request(source.key) };
  const fail = (error: unknown) => {
    if (!(error instanceof ApiKeyHelperError)) throw error;
    return {
      ok: false as const,
      failure: { error: { kind: "auth" as const, message: error.message }, retryable: false },
    };
  };
  let key: string;
  try {
    key = await source.helper.key();
  } catch (error) {
    return fail(error);
  }
  try {
    return { ok: true, value: await request(key) };
  } catch (error) {
    if ((error as { status?: unknown } | null)?.status !== 401) throw error;
  }
  try {
    key = await source.helper.refresh();
  } catch (error) {
    return fail(error);
  }
  return { ok: true, value: await request(key) };
}
