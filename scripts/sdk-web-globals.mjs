// esbuild plugin: inside the provider SDKs (@anthropic-ai/sdk, openai), the free names `Headers` and
// `FormData` are bound to src/providers/web-headers.ts instead of the globals. Node's global Headers,
// FormData, Response and fetch are lazy getters that load its bundled undici (~20 ms of start-up) on
// first touch, and the SDKs touch Headers and FormData on every request (building headers, asking
// `body instanceof FormData`) although reagent's fetch (http-fetch.ts) never needs undici. The
// import is appended, so the SDKs' line numbers (and source maps) stay as they are.
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

const shims = fileURLToPath(new URL("../src/providers/web-headers.ts", import.meta.url));
const SDK_FILE = /[\\/]node_modules[\\/](@anthropic-ai[\\/]sdk|openai)[\\/].*\.m?js$/;
const NAMES = [
  { name: "Headers", local: "WebHeaders", used: /\b(new|instanceof)\s+Headers\b/ },
  { name: "FormData", local: "LazyFormData", used: /\b(new|instanceof)\s+FormData\b/ },
];

export const sdkWebGlobals = {
  name: "sdk-web-globals",
  setup(build) {
    build.onLoad({ filter: SDK_FILE }, async (args) => {
      const text = await readFile(args.path, "utf8");
      const used = NAMES.filter((entry) => entry.used.test(text));
      if (used.length === 0) return undefined;
      const bindings = used.map((entry) => `${entry.local} as ${entry.name}`).join(", ");
      return { contents: `${text}\nimport { ${bindings} } from ${JSON.stringify(shims)};\n`, loader: "js" };
    });
  },
};
