import { randomBytes } from 'node:crypto';
import { apiPaths, type CompanyImport } from '@pressroom/contract';
import type { FastifyInstance } from 'fastify';

/** A multipart/form-data body with one file field, after the given text fields, as a browser sends it. */
export function multipart(
  fileName: string,
  content: Buffer | string,
  field = 'file',
  fields: Record<string, string> = {},
) {
  const boundary = `----pressroom${randomBytes(8).toString('hex')}`;
  const textFields = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const payload = Buffer.concat([
    Buffer.from(textFields.join('')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function upload(
  app: FastifyInstance,
  auth: Record<string, string>,
  fileName: string,
  content: Buffer | string,
  fields: Record<string, string> = {},
) {
  const body = multipart(fileName, content, 'file', fields);
  return app.inject({
    method: 'POST',
    url: apiPaths.imports,
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
}

/** Follows the progress stream until the dry run or run has ended, then reads the import. */
export async function waitForImport(
  app: FastifyInstance,
  auth: Record<string, string>,
  id: number,
): Promise<CompanyImport> {
  const stream = await app.inject({ method: 'GET', url: apiPaths.importProgress(id), headers: auth });
  if (stream.statusCode !== 200)
    throw new Error(`progress of import ${id}: ${stream.statusCode} ${stream.body}`);
  const response = await app.inject({ method: 'GET', url: apiPaths.import(id), headers: auth });
  return response.json() as CompanyImport;
}

/** CSV text with the given delimiter and rows (values are quoted when they hold the delimiter or quotes). */
export function csv(rows: string[][], delimiter = ';'): string {
  const cell = (value: string) =>
    value.includes(delimiter) || value.includes('"') || value.includes('\n')
      ? `"${value.replace(/"/g, '""')}"`
      : value;
  return `${rows.map((row) => row.map(cell).join(delimiter)).join('\r\n')}\r\n`;
}

/** A valid Italian partita IVA built from a 10-digit stem (the check digit computed). */
export function italianVat(stem: number): string {
  const digits = String(stem).padStart(10, '0').slice(-10);
  let sum = 0;
  for (let index = 0; index < 10; index++) {
    let digit = Number(digits[index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return `${digits}${(10 - (sum % 10)) % 10}`;
}
