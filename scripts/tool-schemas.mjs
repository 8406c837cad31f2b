// Build step: the built-in tools' JSON Schemas (src/app/prebuilt-tool-schemas.ts lists their zod
// schemas). The module is bundled on its own, run once here, and its results are defined into the
// main bundle as REAGENT_TOOL_SCHEMAS, so a run need not convert them with zod at start-up.
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

/** `options`: the main build's bundling options (aliases, externals, banner, plugins, define). */
export async function toolSchemas(root, options) {
  const result = await build({
    ...options,
    absWorkingDir: root,
    entryPoints: ["src/app/prebuilt-tool-schemas.ts"],
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    write: false,
    outfile: "tool-schemas.mjs",
    define: { ...options.define, REAGENT_TOOL_SCHEMAS: "undefined" },
    logLevel: "warning",
  });
  // Written inside the repository, so the bundle's external imports resolve from node_modules.
  const file = join(root, "dist", `.tool-schemas-${process.pid}.mjs`);
  writeFileSync(file, result.outputFiles[0].text);
  try {
    const { computeToolSchemas } = await import(pathToFileURL(file).href);
    return computeToolSchemas();
  } finally {
    rmSync(file, { force: true });
  }
}
