// Lists the functions of src/ longer than a limit (80 lines unless --limit N): function declarations,
// methods, constructors, accessors, function expressions and arrow functions, each measured from the
// line its signature starts on (comments above it do not count) to the line of its closing brace. A
// function nested in another is listed on its own, named after the functions around it
// and classes around it (`outer/inner`, `Class/method`); an unnamed function is named after the call it is handed to (`on(…) callback`).
// The parse is TypeScript's own (the pinned compiler's syntax tree through its API), so strings,
// templates, regular expressions and JSX never confuse it.
// Usage: node scripts/long-functions.mjs [--limit N] [--json] [--root FOLDER]
// (--root: another project, its tsconfig.json and src/ folder; the tests measure a made-up one)
// test/architecture/function-length.test.ts runs it with --json and holds src/ to the limit.
import { relative, resolve } from "node:path";
import { SyntaxKind } from "typescript/unstable/ast";
import { API } from "typescript/unstable/sync";

const FUNCTION_KINDS = new Set([
  SyntaxKind.FunctionDeclaration,
  SyntaxKind.MethodDeclaration,
  SyntaxKind.Constructor,
  SyntaxKind.GetAccessor,
  SyntaxKind.SetAccessor,
  SyntaxKind.FunctionExpression,
  SyntaxKind.ArrowFunction,
]);

function textOf(file, node) {
  return file.text.slice(node.getStart(file), node.end);
}

/** A readable name for one function, from its own name or from where it stands. */
function ownName(file, node, parent) {
  if (node.kind === SyntaxKind.Constructor) return "constructor";
  if (node.name) return textOf(file, node.name);
  if (parent?.kind === SyntaxKind.VariableDeclaration && parent.name) return textOf(file, parent.name);
  if (
    (parent?.kind === SyntaxKind.PropertyAssignment || parent?.kind === SyntaxKind.PropertyDeclaration) &&
    parent.name
  )
    return textOf(file, parent.name);
  if (parent?.kind === SyntaxKind.CallExpression || parent?.kind === SyntaxKind.NewExpression) {
    const callee = textOf(file, parent.expression).replace(/\s+/g, "");
    const prefix = parent.kind === SyntaxKind.NewExpression ? "new " : "";
    return `${prefix}${callee.length > 40 ? `…${callee.slice(-40)}` : callee}(…) callback`;
  }
  return "(anonymous)";
}

function functionsIn(file, limit) {
  const found = [];
  const lineOf = (position) => file.getLineAndCharacterOfPosition(position).line + 1;
  const visit = (node, parent, outer) => {
    let names = outer;
    if ((node.kind === SyntaxKind.ClassDeclaration || node.kind === SyntaxKind.ClassExpression) && node.name)
      names = [...outer, textOf(file, node.name)];
    if (FUNCTION_KINDS.has(node.kind)) {
      const name = ownName(file, node, parent);
      names = [...outer, name];
      const start = lineOf(node.getStart(file));
      const lines = lineOf(node.end) - start + 1;
      if (lines > limit) found.push({ name: names.join("/"), line: start, lines });
    }
    node.forEachChild((child) => visit(child, node, names));
  };
  file.forEachChild((child) => visit(child, file, []));
  return found;
}

/** Every function under the project's src/ longer than `limit` lines, longest first. */
export function longFunctions(limit = 80, root = resolve(import.meta.dirname, "..")) {
  const api = new API({ cwd: root });
  try {
    const snapshot = api.updateSnapshot({ openProjects: [resolve(root, "tsconfig.json")] });
    const project = snapshot.getProjects()[0];
    const sources = project.program
      .getSourceFileNames()
      .filter((name) => relative(root, name).startsWith("src/") && !name.endsWith(".d.ts"));
    const found = sources.flatMap((name) => {
      const file = project.program.getSourceFile(name);
      const path = relative(root, name);
      return functionsIn(file, limit).map((entry) => ({ file: path, ...entry }));
    });
    return found.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file) || a.line - b.line);
  } finally {
    api.close();
  }
}

if (import.meta.filename === resolve(process.argv[1] ?? "")) {
  const args = process.argv.slice(2);
  const limitAt = args.indexOf("--limit");
  const limit = limitAt >= 0 ? Number(args[limitAt + 1]) : 80;
  if (!Number.isInteger(limit) || limit < 1) {
    console.error("--limit takes a whole number of lines");
    process.exit(2);
  }
  const rootAt = args.indexOf("--root");
  const found = longFunctions(limit, rootAt >= 0 ? resolve(args[rootAt + 1] ?? ".") : undefined);
  if (args.includes("--json")) console.log(JSON.stringify({ limit, functions: found }));
  else {
    for (const { file, line, name, lines } of found)
      console.log(`${String(lines).padStart(4)}  ${file}:${line}  ${name}`);
    console.log(`${found.length} functions over ${limit} lines`);
  }
}
