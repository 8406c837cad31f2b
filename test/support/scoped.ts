// Resources that end with the test (or the file) that asked for them: a fake model server closed
// afterwards, a workspace removed afterwards. One place instead of a private pair in every test file.
import { after } from "node:test";
import type { RoutedScript } from "./fake-model-routes.js";
import {
  type FakeModelServer,
  type FakeModelServerOptions,
  startFakeModelServer,
} from "./fake-model-server.js";
import { createWorkspace, type Workspace } from "./workspace.js";

export async function serveScoped(
  script: RoutedScript,
  options: FakeModelServerOptions = {},
): Promise<FakeModelServer> {
  const server = await startFakeModelServer(script, options);
  after(() => server.close());
  return server;
}

export function scopedWorkspace(files: Record<string, string> = {}): Workspace {
  const workspace = createWorkspace(files);
  after(() => workspace.cleanup());
  return workspace;
}
