/** A byte count the way people read it: "820 KB", "3.4 MB", in the reader's number format. */
export function formatFileSize(bytes: number, language: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 || value >= 10 ? 0 : 1,
  }).format(value);
}

const typeNames: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/msword': 'Word',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
  'application/vnd.ms-excel': 'Excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel',
  'application/vnd.ms-powerpoint': 'PowerPoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint',
  'application/vnd.oasis.opendocument.text': 'OpenDocument',
  'application/vnd.oasis.opendocument.spreadsheet': 'OpenDocument',
  'application/vnd.oasis.opendocument.presentation': 'OpenDocument',
  'application/rtf': 'RTF',
  'text/plain': 'TXT',
  'text/csv': 'CSV',
};

/** A short name of a file's type ("PDF", "Word"), from its media type, else from its extension. */
export function fileTypeName(contentType: string, fileName: string): string {
  const bare = contentType.split(';')[0].trim().toLowerCase();
  if (typeNames[bare]) return typeNames[bare];
  if (bare.startsWith('image/')) return bare.slice(6).toUpperCase().replace('SVG+XML', 'SVG');
  const extension = /\.([a-z0-9]{1,8})$/i.exec(fileName)?.[1];
  return extension ? extension.toUpperCase() : bare || '?';
}

/** A date-time as the value of an `<input type="datetime-local">` (local time, minutes). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The value of a datetime-local input as an ISO time (UTC), or null when empty or not a time. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Today as YYYY-MM-DD in the local calendar. */
export function today(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
