/** Text a shopper searches for, as a LIKE pattern: their `\`, `%` and `_` match themselves (escaped by `\`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A case-insensitive "contains" pattern for `lower(column) like ? escape '\'`. */
export function containsPattern(keyword: string): string {
  return `%${escapeLike(keyword.toLowerCase())}%`;
}
