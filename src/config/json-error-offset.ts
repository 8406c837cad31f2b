// Finds the offset of the first JSON syntax error, so settings errors can name the line and column
// (Node 20's JSON.parse messages often give neither). A validating recursive-descent scan only.

export function jsonErrorOffset(text: string): number | undefined {
  let at = 0;
  const fail = (): never => {
    throw at;
  };
  const space = () => {
    while (at < text.length && " \t\r\n".includes(text.charAt(at))) at++;
  };
  const literal = (word: string) => {
    if (text.startsWith(word, at)) at += word.length;
    else fail();
  };
  const string = () => {
    at++;
    while (at < text.length && text[at] !== '"') {
      if (text[at] === "\\") at++;
      else if (text.charCodeAt(at) < 0x20) fail();
      at++;
    }
    if (at >= text.length) fail();
    at++;
  };
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(at));
    if (!match) return fail();
    at += match[0].length;
  };
  const value = (): void => {
    space();
    const char = text[at];
    if (char === "{") container("}", true);
    else if (char === "[") container("]", false);
    else if (char === '"') string();
    else if (char === "t") literal("true");
    else if (char === "f") literal("false");
    else if (char === "n") literal("null");
    else number();
  };
  const container = (close: string, object: boolean) => {
    at++;
    space();
    if (text[at] === close) {
      at++;
      return;
    }
    for (;;) {
      if (object) {
        space();
        if (text[at] !== '"') fail();
        string();
        space();
        if (text[at] !== ":") fail();
        at++;
      }
      value();
      space();
      if (text[at] === ",") {
        at++;
        continue;
      }
      if (text[at] === close) {
        at++;
        return;
      }
      fail();
    }
  };
  try {
    value();
    space();
    if (at < text.length) fail();
    return undefined;
  } catch (offset) {
    if (typeof offset === "number") return Math.min(offset, text.length);
    throw offset;
  }
}
