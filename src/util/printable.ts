// Text from outside (models, tools, hooks, MCP servers) is shown on a terminal: escape sequences
// (colours, cursor moves, OSC 52 clipboard writes, title changes) and other control characters are
// removed first. Newlines and tabs stay.

const ESCAPES =
  /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[PX^_][^\u001b]*(?:\u001b\\)?|\u001b[@-Z\\-_]|\u009b[0-?]*[ -/]*[@-~]/g;
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

export function printable(text: string): string {
  return text.replace(ESCAPES, "").replace(CONTROLS, "");
}
