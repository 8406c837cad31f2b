// AskUserQuestion inputs for tests: one question in Claude Code 2.1.197's shape from its text, header
// and options (label → description).
export function choiceQuestion(
  question: string,
  header: string,
  options: Record<string, string>,
  multiSelect = false,
) {
  return {
    question,
    header,
    options: Object.entries(options).map(([label, description]) => ({ label, description })),
    multiSelect,
  };
}
