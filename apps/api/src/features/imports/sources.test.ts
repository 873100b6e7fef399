import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readCsv, type SourceRow } from './sources.ts';

/** 2,000 rows (about 90 KB) whose accented letters fall on every byte offset, so some straddle the pieces. */
function accentedRows() {
  const lines = ['Ragione sociale;Città'];
  const expected: Record<string, string>[] = [];
  for (let index = 1; index <= 2000; index++) {
    const name = `${'à'.repeat(index % 7)}Società ${index} è`;
    const city = `Città ${'ù'.repeat((index % 3) + 1)}`;
    lines.push(`${name};${city}`);
    expected.push({ 'Ragione sociale': name, Città: city });
  }
  return { text: `${lines.join('\r\n')}\r\n`, expected };
}

async function readAll(bytes: Buffer, encoding: string) {
  // One chunk far larger than a decoded piece, as a file store may hand it over.
  const reading = await readCsv(Readable.from([bytes]), { delimiter: ';', encoding });
  const rows: SourceRow[] = [];
  for await (const row of reading.rows) rows.push(row);
  return rows;
}

describe('reading a CSV file', () => {
  it('keeps every accented letter whole when a large chunk is decoded in pieces, in UTF-8 and Windows-1252', async () => {
    const { text, expected } = accentedRows();
    const utf8 = await readAll(Buffer.from(text, 'utf8'), 'utf-8');
    const windows = await readAll(Buffer.from(text, 'latin1'), 'windows-1252');
    for (const rows of [utf8, windows]) {
      expect(rows.map((row) => row.values)).toEqual(expected);
      expect(rows.map((row) => row.rowNumber)).toEqual(expected.map((_, index) => index + 2));
    }
  });
});
