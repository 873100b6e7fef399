/** A text per language without its empty languages. */
export function withoutEmpty(text: Partial<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(text).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}
