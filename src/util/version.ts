// The package version: injected by the esbuild bundle; read from package.json when run from source.
import { createRequire } from "node:module";

declare const REAGENT_VERSION: string | undefined;

export function packageVersion(): string {
  if (typeof REAGENT_VERSION === "string") return REAGENT_VERSION;
  const require = createRequire(import.meta.url);
  return (require("../../package.json") as { version: string }).version;
}
