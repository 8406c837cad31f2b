// `text.split(separator)[0]` without the `| undefined` the index adds: splitting always yields a first part.

/** The text before the first `separator` (all of it when there is none), as `text.split(separator)[0]`. */
export function firstPart(text: string, separator: string): string {
  const at = text.indexOf(separator);
  return at === -1 ? text : text.slice(0, at);
}
