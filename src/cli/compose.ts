// The composition root: settings + environment → Config, then the model client, tools, gate,
// hooks, system prompt and Session. The only place that wires modules together.
import { homedir } from "node:os";
import { type LoadedSettings, loadSettings } from "../config/settings.js";
import type { ModelClient } from "../model/types.js";
import { Session } from "../session/session.js";
import { createBuiltinTools } from "../tools/builtin.js";
import { createFileStateStore } from "../tools/file-state.js";
import { createToolRegistry } from "../tools/registry.js";
import { newSessionId } from "../util/ids.js";
import { createTracer, type Tracer } from "../util/trace.js";
import { type EnvSnapshot, readEnv } from "./env.js";
import { type CliOptions, DEFAULT_MAX_TURNS } from "./options.js";
import { createModelClient } from "./provider.js";

export type Runtime = {
  session: Session;
  model: ModelClient;
  env: EnvSnapshot;
  settings: LoadedSettings;
  tracer: Tracer;
  sessionId: string;
  cwd: string;
  interactive: boolean;
  close(): Promise<void>;
};

export function loadBasics(options: Pick<CliOptions, "settings">) {
  const cwd = process.cwd();
  const env = readEnv(process.env, homedir());
  const tracer = createTracer(env.trace, (line) => process.stderr.write(line));
  const settings = loadSettings({ projectDir: cwd, homeDir: env.homeDir, extra: options.settings });
  return { cwd, env, tracer, settings };
}

export async function createRuntime(options: CliOptions, interactive: boolean): Promise<Runtime> {
  const { cwd, env, tracer, settings } = loadBasics(options);
  const sessionId = newSessionId();
  const model = await createModelClient({
    model: options.model ?? settings.merged.model,
    provider: options.provider ?? settings.merged.provider,
    env,
    cwd,
    tracer,
  });
  const registry = createToolRegistry(createBuiltinTools({}));
  const session = new Session({
    sessionId,
    model,
    registry,
    systemPrompt: () => options.systemPrompt ?? "You are reagent, a coding agent.",
    cwd,
    homeDir: env.homeDir,
    maxTurns: options.maxTurns ?? settings.merged.maxTurns ?? DEFAULT_MAX_TURNS,
    tracer,
    files: createFileStateStore(),
    shell: { cwd, env: {} },
    baseEnv: env.all,
  });
  return {
    session,
    model,
    env,
    settings,
    tracer,
    sessionId,
    cwd,
    interactive,
    async close() {},
  };
}
