// Output styles: how the agent responds (role, tone, format), set by the `outputStyle` setting or
// `/output-style`. The built-ins (default, Explanatory, Learning) live here; file styles come from
// `output-styles/*.md` folders (discover-output-styles.ts). A style other than the default adds its
// instructions at the end of the system prompt and, unless it keeps them, replaces the coding part of
// the base prompt (base-prompt.ts); every non-default style drops the base prompt's brevity rules.

export type OutputStyleSource = "built-in" | "user" | "project" | "plugin";

export type OutputStyle = {
  /** As shown and as `outputStyle` names it (`plugin:name` for a plugin's style). */
  name: string;
  description: string;
  /** The text added to the system prompt (empty for the default style). */
  instructions: string;
  /** Keep the base prompt's software-engineering instructions (built-ins do; files default to false). */
  keepCodingInstructions: boolean;
  source: OutputStyleSource;
  /** The file it was read from (absent for built-ins). */
  path?: string;
};

export const DEFAULT_OUTPUT_STYLE = "default";

const EXPLANATORY = `Besides doing the task, help the user understand what you do and why.
- Before or right after a piece of work, add a short insight: two or three points about the choice you made, the alternative you did not take, or a pattern of this codebase that the change follows. Mark it with a line reading "Insight:" and keep it brief.
- Prefer insights about this project (its structure, conventions, trade-offs) over general programming knowledge.
- Explaining never replaces finishing the work: the task still gets done and checked.`;

const LEARNING = `Work as a teaching partner: the user wants to get better at this codebase by writing parts of it themselves.
- Share short insights as you go (marked with a line reading "Insight:"): why a design fits, what a pattern buys, what to watch for.
- When a change has a small part where the user's judgement matters (a business rule, an error-handling policy, a data-structure choice; about 2 to 10 lines), do not write it. Prepare the surrounding code, leave a \`TODO(human)\` comment where their part goes, then stop and ask them to write it: say which file and function, what it must do, and what to consider.
- Write boilerplate, plumbing and repetitive code yourself; ask for one such contribution at a time and continue once the user has written it.`;

export const BUILT_IN_OUTPUT_STYLES: readonly OutputStyle[] = [
  {
    name: DEFAULT_OUTPUT_STYLE,
    description: "reagent's own prompt: get software tasks done efficiently",
    instructions: "",
    keepCodingInstructions: true,
    source: "built-in",
  },
  {
    name: "Explanatory",
    description: "Explains implementation choices and codebase patterns while it works",
    instructions: EXPLANATORY,
    keepCodingInstructions: true,
    source: "built-in",
  },
  {
    name: "Learning",
    description: "Learn by doing: insights, and small pieces of code for you to write (TODO(human))",
    instructions: LEARNING,
    keepCodingInstructions: true,
    source: "built-in",
  },
];

export const isDefaultStyle = (style: OutputStyle | undefined): boolean =>
  style === undefined || (style.source === "built-in" && style.name === DEFAULT_OUTPUT_STYLE);

/** The style a name means (case does not matter; a later style of the same name wins). */
export function findOutputStyle(styles: readonly OutputStyle[], name: string): OutputStyle | undefined {
  const wanted = name.trim().toLowerCase();
  return styles.findLast((style) => style.name.toLowerCase() === wanted);
}
