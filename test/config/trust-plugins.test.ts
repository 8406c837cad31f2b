// Folder trust and plugins: a project's enabledPlugins and extraKnownMarketplaces are trust items, and
// withholding an untrusted folder's configuration drops them (a user's own stay).
import assert from "node:assert/strict";
import { test } from "node:test";
import type { LoadedSettings, SettingsLayer } from "../../src/config/settings.js";
import { trustSubject, withholdFolderConfig } from "../../src/config/trust-subject.js";

const plugins = {
  enabledPlugins: { "kit@team": true, "off@team": false },
  extraKnownMarketplaces: { team: { source: { source: "directory", path: "./market" } } },
};
const layers: SettingsLayer[] = [
  { source: "~/.claude/settings.json", scope: "user", data: { enabledPlugins: { "mine@home": true } } },
  { source: ".claude/settings.json", scope: "project", data: plugins },
];

test("a project's enabled plugins and marketplaces are trust items; switched-off ones are not", () => {
  const subject = trustSubject({
    layers,
    compactHooks: [],
    plugins: [
      {
        source: "market/kit",
        id: "kit@team",
        hooks: [{ Stop: [{ hooks: [{ type: "command", command: "x" }] }] }],
      },
    ],
  });
  assert.deepEqual(
    subject.items.map((item) => item.text),
    [
      "plugin kit@team enabled",
      'plugin marketplace team: {"source":"directory","path":"./market"}',
      "plugin kit@team: Stop hook: x",
    ],
  );
});

test("withholding an untrusted folder drops its plugins and marketplaces, not the user's", () => {
  const settings = {
    layers,
    compactHooks: [],
    merged: {},
    localSettingsPath: "",
    warnings: [],
  } as unknown as LoadedSettings;
  const withheld = withholdFolderConfig(settings).layers;
  assert.deepEqual(withheld[0]?.data, { enabledPlugins: { "mine@home": true } });
  assert.equal(withheld[1]?.data.enabledPlugins, undefined);
  assert.equal(withheld[1]?.data.extraKnownMarketplaces, undefined);
});
