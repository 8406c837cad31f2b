// The run's output styles: the built-ins and the files of the user's and the project's
// `output-styles/` folders (plus folders a caller adds, such as plugins'), the active one — the
// `outputStyle` setting, or the default with a warning when it names no known style — and switching
// (`/output-style name`), which saves the choice to the project's local settings as Claude Code does.
import { relative } from "node:path";
import { persistSetting } from "../config/index.js";
import {
  BUILT_IN_OUTPUT_STYLES,
  DEFAULT_OUTPUT_STYLE,
  findOutputStyle,
  loadOutputStyleFolders,
  type OutputStyle,
  type OutputStyleFolder,
  outputStyleFolders,
} from "../prompt/index.js";
import { UsageError } from "../util/index.js";

export type OutputStyles = {
  /** Every known style, built-ins first. */
  list(): readonly OutputStyle[];
  active(): OutputStyle;
  /** Makes `name` the active style and saves it; returns where it was saved. Throws for an unknown name. */
  select(name: string): Promise<{ style: OutputStyle; savedTo: string }>;
  /** Listeners hear every switch. */
  subscribe(listener: (style: OutputStyle) => void): () => void;
};

export async function createOutputStyles(options: {
  cwd: string;
  homeDir: string;
  levels?: { user: boolean; project: boolean };
  /** `outputStyle` of the settings. */
  configured?: string;
  /** The settings file `/output-style` writes. */
  saveTo: string;
  /** More style folders read after the user's and project's (plugins' `output-styles/`). */
  extraFolders?: readonly OutputStyleFolder[];
  warnings: string[];
}): Promise<OutputStyles> {
  const loaded = await loadOutputStyleFolders([
    ...outputStyleFolders(options),
    ...(options.extraFolders ?? []),
  ]);
  options.warnings.push(...loaded.warnings);
  const styles = [...BUILT_IN_OUTPUT_STYLES, ...loaded.styles];
  const fallback = findOutputStyle(styles, DEFAULT_OUTPUT_STYLE) as OutputStyle;
  let active = fallback;
  if (options.configured !== undefined) {
    const found = findOutputStyle(styles, options.configured);
    if (found) active = found;
    else
      options.warnings.push(
        `settings "outputStyle": no output style is named "${options.configured}"; using the default style (known: ${names(styles)})`,
      );
  }
  const listeners = new Set<(style: OutputStyle) => void>();
  return {
    list: () => styles,
    active: () => active,
    async select(name) {
      const found = findOutputStyle(styles, name);
      if (!found) throw new UsageError(`no output style is named "${name}"; known: ${names(styles)}`);
      const savedTo = options.saveTo;
      await persistSetting(savedTo, "outputStyle", found.name);
      active = found;
      for (const listener of listeners) listener(found);
      return { style: found, savedTo };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function names(styles: readonly OutputStyle[]): string {
  return [...new Set(styles.map((style) => style.name))].join(", ");
}

/** `/output-style` without a name: every style, the active one marked, with where it comes from. */
export function outputStylesReport(app: { outputStyles: OutputStyles; cwd: string }): string {
  const active = app.outputStyles.active();
  const styles = app.outputStyles.list();
  const width = Math.max(...styles.map((style) => style.name.length));
  const lines = styles.map((style) => {
    const origin = style.path
      ? ` (${relative(app.cwd, style.path).startsWith("..") ? style.path : relative(app.cwd, style.path)})`
      : "";
    return `${style === active ? "*" : " "} ${style.name.padEnd(width)}  ${style.description || "(no description)"}${origin}`;
  });
  return [`Output style: ${active.name}`, ...lines, "Switch with /output-style NAME."].join("\n");
}

/** `/output-style NAME` and the REPL's picker: switches, saves, and says where. */
export async function switchOutputStyle(
  app: { outputStyles: OutputStyles; cwd: string },
  name: string,
): Promise<string> {
  const { style, savedTo } = await app.outputStyles.select(name);
  const where = relative(app.cwd, savedTo) || savedTo;
  return `Output style: ${style.name} (saved to ${where}); it applies from your next message.`;
}

/** The styles as a picker lists them: name, description, the active one marked. */
export function outputStyleChoices(
  styles: OutputStyles,
): Array<{ name: string; description: string; current: boolean }> {
  const active = styles.active();
  return styles
    .list()
    .map((style) => ({ name: style.name, description: style.description, current: style === active }));
}
