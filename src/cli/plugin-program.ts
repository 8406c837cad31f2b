// The `reagent plugin` subcommands on the command line (their work is in plugin-command.ts).
import type { Command } from "commander";
import {
  marketplaceAdd,
  marketplaceList,
  marketplaceRemove,
  marketplaceUpdate,
  pluginInstall,
  pluginList,
  pluginSwitch,
  pluginUninstall,
} from "./plugin-command.js";
import { processPorts } from "./process-ports.js";

type Scoped = { scope?: string };
const SCOPE = ["-s, --scope <scope>", "settings file to write: user (default), project or local"] as const;

export function addPluginCommands(program: Command, run: (action: () => Promise<number>) => void): void {
  const plugin = program.command("plugin").description("Claude Code plugins and their marketplaces");
  const market = plugin.command("marketplace").description("plugin marketplaces (extraKnownMarketplaces)");
  market
    .command("add <source>")
    .description("add a marketplace: a folder, a marketplace.json, owner/repo (GitHub) or a git URL")
    .option(...SCOPE)
    .action((source: string, raw: Scoped) => run(() => marketplaceAdd(source, raw, processPorts())));
  market
    .command("list")
    .description("print the known marketplaces and their plugins")
    .action(() => run(() => marketplaceList(processPorts())));
  market
    .command("remove <name>")
    .description("forget a marketplace (and its cached clone)")
    .option(...SCOPE)
    .action((name: string, raw: Scoped) => run(() => marketplaceRemove(name, raw, processPorts())));
  market
    .command("update [name]")
    .description("refresh remote marketplaces from their git source (the cached copy stays when offline)")
    .action((name: string | undefined) => run(() => marketplaceUpdate(name, processPorts())));
  plugin
    .command("install <plugin>")
    .description("enable plugin[@marketplace] (enabledPlugins)")
    .option(...SCOPE)
    .action((id: string, raw: Scoped) => run(() => pluginInstall(id, raw, processPorts())));
  plugin
    .command("uninstall <plugin@marketplace>")
    .description("remove a plugin from enabledPlugins")
    .option(...SCOPE)
    .action((id: string, raw: Scoped) => run(() => pluginUninstall(id, raw, processPorts())));
  for (const [name, on] of [
    ["enable", true],
    ["disable", false],
  ] as const)
    plugin
      .command(`${name} <plugin@marketplace>`)
      .description(`${name} an installed plugin`)
      .option(...SCOPE)
      .action((id: string, raw: Scoped) => run(() => pluginSwitch(id, on, raw, processPorts())));
  plugin
    .command("list")
    .description("print the plugins a run here loads, what each brings, and the problems")
    .action(() =>
      run(() =>
        pluginList({ pluginDirs: (program.opts().pluginDir as string[] | undefined) ?? [] }, processPorts()),
      ),
    );
}
