/**
 * Writing CSV files that spreadsheets open safely. Every CSV the product writes goes through here.
 *
 * A spreadsheet reads a cell as a formula when it starts with `=`, `+`, `-` or `@` (or their full-width
 * forms). Which characters split the cells is the reader's choice, not the file's: a file written with `,` is
 * split on `;` by default in Italian, French, German and Spanish spreadsheets, on tabs or `|` when chosen, and
 * a line break inside a quoted cell starts a new row when the quotes are not read as ours. So a cell is
 * neutralised wherever one of those characters could start a cell: at its start, and after any `,`, `;`, tab,
 * `|` or line break it holds (spaces and quotes in between included), by a `'` in front of it. Numbers are
 * written as they are.
 */

const formulaStart = /(^|[,;\t|\r\n])([\s"']*)(?=[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/g;

/** One cell: formulas neutralised, then quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = value.replace(formulaStart, "$1$2'");
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: a header and rows, comma-separated, CRLF line ends, UTF-8 BOM so spreadsheets read accents right. */
export function csvDocument(header: readonly string[], rows: Iterable<readonly (string | number | null)[]>) {
  const lines = [header.map(csvCell).join(',')];
  for (const row of rows) lines.push(row.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
