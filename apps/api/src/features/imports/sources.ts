import { open, readFile } from 'node:fs/promises';
import { type Readable, Transform } from 'node:stream';
import { CsvError, Parser } from 'csv-parse';
import type MDBReader from 'mdb-reader';
import { ApiError, validationError } from '../../lib/api-error.ts';

// Reading the two kinds of source: CSV streamed (memory stays flat whatever the size), and Access
// files, which mdb-reader can only read whole (the upload cap bounds them).

const maxColumns = 200;
const sampleBytes = 64 * 1024;

export interface SourceRow {
  /** The row as a person finds it: the line in a CSV file (header = 1), the record number in an Access table. */
  rowNumber: number;
  values: Record<string, string>;
  /** Columns the row actually had (a CSV row may have more or fewer than the header). */
  width: number;
}

export interface SourceColumn {
  name: string;
  type: string;
}

export interface CsvOptions {
  delimiter: string;
  encoding: string;
}

export class SourceError extends ApiError {
  constructor(key: string, params: Record<string, string | number> = {}) {
    super(400, { non_field_errors: [key] }, params);
  }
}

// ------------------------------------------------------------------------------------------------ detection

const accessMagic = ['Standard Jet DB\u0000', 'Standard ACE DB\u0000'];

/** Access files announce themselves at byte 4; anything else is treated by its extension. */
export async function detectFormat(filePath: string, fileName: string): Promise<'access' | 'csv' | null> {
  const handle = await open(filePath, 'r');
  try {
    const head = Buffer.alloc(20);
    const { bytesRead } = await handle.read(head, 0, 20, 0);
    const magic = head.subarray(4, Math.min(bytesRead, 20)).toString('latin1');
    if (accessMagic.includes(magic)) return 'access';
  } finally {
    await handle.close();
  }
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  if (extension === 'mdb' || extension === 'accdb') return 'access';
  if (extension === 'csv' || extension === 'txt') return 'csv';
  return null;
}

/**
 * Finds how a CSV file is written from its first 64 KB: UTF-8 (with or without BOM) unless the bytes are not
 * valid UTF-8, then Windows-1252 (what Excel writes on Italian Windows); and the delimiter that occurs most
 * often outside quotes on the header line, among ; , and tab.
 */
export async function detectCsvOptions(filePath: string): Promise<CsvOptions> {
  const handle = await open(filePath, 'r');
  let sample: Buffer;
  try {
    const buffer = Buffer.alloc(sampleBytes);
    const { bytesRead } = await handle.read(buffer, 0, sampleBytes, 0);
    sample = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  if (sample.length === 0) throw new SourceError('importEmptyFile');
  if (sample.includes(0)) throw new SourceError('importMalformedFile');
  let encoding = 'utf-8';
  let text: string;
  try {
    // stream: a character cut at the end of the sample is not an error.
    text = new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
  } catch {
    encoding = 'windows-1252';
    text = new TextDecoder('windows-1252').decode(sample);
  }
  const counts: Record<string, number> = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (const character of text.replace(/^\uFEFF/, '')) {
    if (character === '"') quoted = !quoted;
    else if (!quoted && (character === '\n' || character === '\r')) break;
    else if (!quoted && character in counts) counts[character] += 1;
  }
  const delimiter = Object.entries(counts).sort((a, b) => b[1] - a[1])[0];
  return { delimiter: delimiter[1] > 0 ? delimiter[0] : ',', encoding };
}

// ---------------------------------------------------------------------------------------------------- CSV

/** Bytes decoded and handed to the parser at a time. */
const decodedPieceBytes = 8 * 1024;

/** Decodes bytes to text chunk by chunk (a character split between chunks is kept whole). */
class DecodeStream extends Transform {
  private readonly decoder: TextDecoder;
  bytesRead = 0;
  constructor(encoding: string) {
    super({ readableObjectMode: false });
    // The BOM is dropped by TextDecoder's default (ignoreBOM: false).
    this.decoder = new TextDecoder(encoding);
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: () => void) {
    this.bytesRead += chunk.length;
    // In pieces: the parser makes the records of a whole piece at once, and they wait to be read; records
    // made long before they are used outlive young-generation collections and fill the old generation.
    for (let start = 0; start < chunk.length; start += decodedPieceBytes) {
      const text = this.decoder.decode(chunk.subarray(start, start + decodedPieceBytes), { stream: true });
      if (text) this.push(text, 'utf8');
    }
    callback();
  }
  override _flush(callback: () => void) {
    const rest = this.decoder.decode();
    if (rest) this.push(rest, 'utf8');
    callback();
  }
}

/** Column names as given, with blanks named by position and repeats numbered, so every column is addressable. */
function uniqueColumnNames(header: string[]): string[] {
  const seen = new Map<string, number>();
  return header.map((raw, index) => {
    const base = raw.trim() || `Column ${index + 1}`;
    const times = (seen.get(base) ?? 0) + 1;
    seen.set(base, times);
    return times === 1 ? base : `${base} (${times})`;
  });
}

type NumberedRecord = { record: string[]; lines: number };

/**
 * csv-parse's parser with each record paired with the line it ends on: what its `info` option gives, read
 * from the parser's own counter instead of a copy of every counter per record (those copies made most of the
 * reading's garbage, and lived long enough to fill the old generation).
 */
class NumberedParser extends Parser {
  override push(record: unknown, encoding?: BufferEncoding): boolean {
    return super.push(record === null ? null : { record, lines: this.info.lines }, encoding);
  }
}

function csvParser(options: CsvOptions) {
  return new NumberedParser({
    delimiter: options.delimiter,
    relax_column_count: true,
    relax_quotes: false,
    skip_empty_lines: true,
    trim: true,
    max_record_size: 1024 * 1024,
  });
}

function csvError(error: unknown): Error {
  // A source that fails (the file store) is the server's trouble, not a fault of the file.
  if (!(error instanceof CsvError)) return error as Error;
  const line = (error as { lines?: number }).lines;
  return new SourceError('importMalformedCsv', { line: typeof line === 'number' ? line : 1 });
}

export interface CsvReading {
  columns: SourceColumn[];
  rows: AsyncGenerator<SourceRow>;
  /** Bytes of the file read so far (progress when the row count is not known yet). */
  bytesRead(): number;
  /**
   * Lets the file go when the rows are not read to the end. Ending the rows' generator is not enough: a
   * generator never started ends without running its `finally`, and the file stayed open until a collection.
   */
  close(): void;
}

/**
 * Streams a CSV file (a local file's stream, or the file store's): the header row names the columns, each later
 * row becomes values by column name.
 */
export async function readCsv(input: Readable, options: CsvOptions): Promise<CsvReading> {
  const decoder = new DecodeStream(options.encoding);
  const parser = input.pipe(decoder).pipe(csvParser(options));
  // A source failing half-way (a store's connection lost) ends the rows with its error instead of a wait; rows
  // left unread close the source (a store's connection is not held open).
  input.on('error', (error) => parser.destroy(error));
  parser.on('close', () => input.destroy());
  const iterator = parser[Symbol.asyncIterator]() as AsyncIterator<NumberedRecord>;
  let first: IteratorResult<NumberedRecord>;
  try {
    first = await iterator.next();
  } catch (error) {
    parser.destroy();
    throw csvError(error);
  }
  if (first.done) throw new SourceError('importEmptyFile');
  if (first.value.record.length > maxColumns) {
    parser.destroy();
    throw new SourceError('importTooManyColumns', { max: maxColumns });
  }
  const names = uniqueColumnNames(first.value.record);
  async function* rows(): AsyncGenerator<SourceRow> {
    try {
      while (true) {
        let next: IteratorResult<NumberedRecord>;
        try {
          next = await iterator.next();
        } catch (error) {
          throw csvError(error);
        }
        if (next.done) return;
        const { record, lines } = next.value;
        const values: Record<string, string> = {};
        names.forEach((name, index) => {
          values[name] = record[index] ?? '';
        });
        yield { rowNumber: lines, values, width: record.length };
      }
    } finally {
      parser.destroy();
    }
  }
  return {
    columns: names.map((name) => ({ name, type: 'text' })),
    rows: rows(),
    bytesRead: () => decoder.bytesRead,
    // The parser's 'close' lets the source go, as when the rows end.
    close: () => parser.destroy(),
  };
}

// ------------------------------------------------------------------------------------------------- Access

/**
 * Opens an Access file; a damaged, encrypted or foreign file is a clear 400, never a crash. The reader is loaded
 * by the first import of a process, not at start-up (decision 22).
 */
export async function openAccess(filePath: string): Promise<MDBReader> {
  const buffer = await readFile(filePath);
  const { default: AccessReader } = await import('mdb-reader');
  try {
    const reader = new AccessReader(buffer);
    reader.getTableNames();
    return reader;
  } catch {
    throw new SourceError('importMalformedFile');
  }
}

export function accessTables(reader: MDBReader): string[] {
  return reader.getTableNames({ normalTables: true, systemTables: false, linkedTables: false });
}

function accessValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (Buffer.isBuffer(value) || typeof value === 'object') return '';
  return String(value);
}

export interface AccessReading {
  columns: SourceColumn[];
  rowCount: number;
  rows: Generator<SourceRow>;
}

export function readAccessTable(reader: MDBReader, tableName: string, batch = 500): AccessReading {
  if (!accessTables(reader).includes(tableName)) throw validationError({ table: ['importTableMissing'] });
  let table: ReturnType<MDBReader['getTable']>;
  let columns: SourceColumn[];
  try {
    table = reader.getTable(tableName);
    columns = table.getColumns().map((column) => ({ name: column.name, type: column.type }));
  } catch {
    throw new SourceError('importMalformedFile');
  }
  if (columns.length > maxColumns) throw new SourceError('importTooManyColumns', { max: maxColumns });
  const rowCount = table.rowCount;
  function* rows(): Generator<SourceRow> {
    for (let offset = 0; offset < rowCount; offset += batch) {
      let data: Record<string, unknown>[];
      try {
        data = table.getData({ rowOffset: offset, rowLimit: batch });
      } catch {
        throw new SourceError('importMalformedFile');
      }
      for (const [index, record] of data.entries()) {
        const values: Record<string, string> = {};
        for (const column of columns) values[column.name] = accessValue(record[column.name]);
        yield { rowNumber: offset + index + 1, values, width: columns.length };
      }
    }
  }
  return { columns, rowCount, rows: rows() };
}
