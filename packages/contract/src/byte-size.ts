/**
 * Bytes for people, in the reader's language (the web app's screens and the server's messages alike): 1.2 GB, 350 MB, 12 kB (decimal units, as file managers), and
 * under a kilobyte the word with its plural ("785 bytes", "1 byte", "785 octets"): CLDR's short form of the
 * byte is the singular word for every count in English ("785 byte").
 */
export function formatByteSize(bytes: number, language: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0,
  }).format(value);
}
