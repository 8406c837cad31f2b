// Splits an argument line into words the way a shell would without expanding anything: blanks
// separate words, '…' is literal, "…" keeps blanks and lets \ escape only " \ $ ` (bash's rule), a
// \ outside quotes escapes the next character, and adjacent parts join ("a"'b'c is one word). Used
// for a custom command's $1…$9 and an MCP prompt's arguments, so both read arguments alike.

/** The words, and the quote left open at the end (the words then hold what was read so far). */
export function splitWords(text: string): { words: string[]; unclosed?: '"' | "'" } {
  const words: string[] = [];
  let current = "";
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let index = 0; index < text.length; index++) {
    const char = text.charAt(index);
    if (quote) {
      if (char === quote) quote = undefined;
      else if (char === "\\" && quote === '"' && /["\\$`]/.test(text[index + 1] ?? ""))
        current += text[++index];
      else current += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      inWord = true;
    } else if (char === "\\" && index + 1 < text.length) {
      current += text[++index];
      inWord = true;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(current);
      current = "";
      inWord = false;
    } else {
      current += char;
      inWord = true;
    }
  }
  if (inWord) words.push(current);
  return quote ? { words, unclosed: quote } : { words };
}
