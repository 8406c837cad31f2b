// Session-level tests' entry: the production application (createApp, through test-app.ts) around the
// scripted model, in a real temp workspace with real hook processes and the real gate.
import type { Script } from "../../src/providers/script-format.js";
import { createTestApp, type TestAppOptions } from "./test-app.js";

export type HarnessOptions = Omit<TestAppOptions, "script"> & { script: Script };

export async function createTestSession(options: HarnessOptions) {
  return createTestApp(options);
}
