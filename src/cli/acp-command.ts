// `reagent --acp` / `reagent acp`: the process side of the ACP mode. stdout carries the protocol and
// nothing else — any other write to it (a stray log line) goes to stderr instead; stdin carries the
// editor's messages. Each session's App gets this process's ports with the editor's folder as cwd.

import { userInfo } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import type { RunOptions } from "../app/index.js";
import { readEnv } from "../config/index.js";
import { runAcp } from "../modes/index.js";
import { packageVersion, UsageError } from "../util/index.js";
import { processPorts } from "./process-ports.js";

export async function acpCommand(options: RunOptions): Promise<number> {
  if (options.print || options.prompt !== undefined)
    throw new UsageError(
      "--acp serves an editor over stdio: drop -p and the prompt (the editor sends the prompts)",
    );
  if (options.inputFormat === "stream-json")
    throw new UsageError("--acp and --input-format stream-json are two protocols: choose one");
  const protocolWrite = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) =>
    (process.stderr.write as (...args: unknown[]) => boolean)(chunk, ...rest)) as typeof process.stdout.write;
  const output = new WritableStream<Uint8Array>({
    write: (chunk) =>
      new Promise<void>((resolve, reject) => {
        protocolWrite(chunk, (error) => (error ? reject(error) : resolve()));
      }),
  });
  const env = readEnv(process.env, () => userInfo().homedir);
  return runAcp(
    {
      options,
      portsFor: (cwd, fileAccess) => processPorts({ cwd, ...(fileAccess ? { fileAccess } : {}) }),
      sessionsRoot: join(env.homeDir, ".agents", "sessions"),
      credentials: Boolean(env.anthropicApiKey || env.openaiApiKey || env.useBedrock),
      node: process.execPath,
      version: packageVersion(),
      log: (line) => process.stderr.write(`${line}\n`),
    },
    { input: Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>, output },
  );
}
