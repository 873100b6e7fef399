/**
 * A running time as a player shows it, in the digits of the interface language: 0:06, 4:05, 1:02:03
 * (rounded to the second, never less than one second for a video that has any length).
 */
export function formatDuration(milliseconds: number, language: string): string {
  const seconds = milliseconds > 0 ? Math.max(1, Math.round(milliseconds / 1000)) : 0;
  const plain = new Intl.NumberFormat(language, { useGrouping: false });
  const twoDigits = new Intl.NumberFormat(language, { minimumIntegerDigits: 2, useGrouping: false });
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return hours > 0
    ? `${plain.format(hours)}:${twoDigits.format(minutes)}:${twoDigits.format(rest)}`
    : `${plain.format(minutes)}:${twoDigits.format(rest)}`;
}
