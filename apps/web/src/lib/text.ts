/** Cuts a label to `max` characters (not UTF-16 units) and adds an ellipsis when it was longer. */
export function truncate(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length > max ? `${characters.slice(0, max).join('').trimEnd()}…` : text;
}

/** The specification's sidebar label length. */
export const sidebarLabelLength = 18;

/** A path inside the app that is safe to redirect to after sign-in (no other origin, no protocol). */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}
