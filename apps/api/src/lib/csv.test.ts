import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument } from './csv.ts';

/** The cells a spreadsheet sees when it splits the file's lines on `separator`, quotes and spaces around them dropped. */
const cellsSplitOn = (file: string, separator: string) =>
  file
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .flatMap((line) => line.split(separator))
    .map((cell) => cell.replace(/^[\s"]+/, ''));

const startsAFormula = (cell: string) => /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/.test(cell);

describe('CSV cells a spreadsheet cannot read as formulas', () => {
  it('neutralises a formula at the start of a cell, and leaves plain text and numbers as they are', () => {
    expect(['=1+2', '+39 06 123', '-5', '@SUM(A1)', '＝1+2'].map(csvCell)).toEqual([
      "'=1+2",
      "'+39 06 123",
      "'-5",
      "'@SUM(A1)",
      "'＝1+2",
    ]);
    expect([csvCell('Italy'), csvCell('2026-11-26'), csvCell(-5), csvCell(42), csvCell(null)]).toEqual([
      'Italy',
      '2026-11-26',
      '-5',
      '42',
      '',
    ]);
  });

  it('neutralises a formula after every character a spreadsheet may split on, whatever the separator', () => {
    expect(csvCell('Italy;=1+2;')).toBe("Italy;'=1+2;");
    expect(csvCell('Italy|@cmd|x')).toBe("Italy|'@cmd|x");
    expect(csvCell('Italy\t+1')).toBe("Italy\t'+1");
    expect(csvCell('Italy; "=1+2')).toBe(`"Italy; ""'=1+2"`);
    expect(csvCell('Italy, -1')).toBe(`"Italy, '-1"`);
    expect(csvCell('Italy\r\n=1+2')).toBe(`"Italy\r\n'=1+2"`);
    // A hyphen inside a word or a date is no cell start.
    expect(csvCell('Emilia-Romagna; Bolzano-Bozen')).toBe('Emilia-Romagna; Bolzano-Bozen');
  });

  it("writes a file no cell of which starts a formula when split on ',', ';', tab or '|'", () => {
    const hostile = ['Italy;=1+2;', 'a,=HYPERLINK("x")', 'b\t@x', 'c|+1', 'd\n-2+3', ' =1', '"=1"'];
    const file = csvDocument(
      ['day', 'country', 'count'],
      hostile.map((country) => ['2026-11-26', country, 1]),
    );
    expect(file.startsWith('\uFEFFday,country,count\r\n')).toBe(true);
    for (const separator of [',', ';', '\t', '|']) {
      expect(cellsSplitOn(file, separator).filter(startsAFormula)).toEqual([]);
    }
  });
});
