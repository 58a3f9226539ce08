/** A LIKE pattern that finds `text` anywhere, its own `%`, `_` and `\` taken literally. */
export function containing(text: string): string {
  return `%${text.replaceAll(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
