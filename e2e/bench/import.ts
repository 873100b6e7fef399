/**
 * Bench module (not a test): importing a generated 100,000-row CSV of companies through the API on
 * PostgreSQL, the way the import wizard does it: upload (multipart, streamed to disk), columns and suggested
 * mapping, dry run over every row, import in one transaction (progress read from the event stream), then the
 * same file again (nothing changes). Prints each step's time and the process's peak RSS (server and client
 * share the process; the client only streams, so the figure bounds the server's), measured from a baseline
 * taken right after a full garbage collection: without it the baseline held the garbage of what ran before
 * (the load rows, the first run), which the run's own garbage then reused unseen, so the growth read low.
 *
 * Part of `npm run bench` (modules/index.ts), or alone: `npx tsx e2e/bench/import.ts` (BENCH_IMPORT_ROWS
 * overrides the row count).
 */
import { createWriteStream, openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { apiPaths, type CompanyImport, type ImportColumns, type ImportEvent } from '@pressroom/contract';
import {
  type BenchContext,
  type BenchModule,
  collectGarbage,
  type MeasurementRow,
  withPeakMemory,
} from './harness.ts';

const rowCount = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const cities = [
  'Sassuolo',
  'Fiorano Modenese',
  'Castellarano',
  'Città di Castello',
  'Faenza',
  'Nove',
  'Vietri sul Mare',
];

function italianVat(stem: number): string {
  const digits = String(stem).padStart(10, '0');
  let sum = 0;
  for (let index = 0; index < 10; index++) {
    let digit = Number(digits[index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

/** Writes the CSV line by line: ';'-separated, UTF-8 with BOM, half the rows with a VAT number. */
async function generateCsv(file: string, rows: number) {
  const out = createWriteStream(file);
  const write = (line: string) =>
    out.write(line) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', () => resolve()));
  await write('\uFEFFRagione sociale;Indirizzo;CAP;Città;Provincia;Nazione;Telefono;P.IVA;Email;Sito\r\n');
  for (let index = 1; index <= rows; index++) {
    const city = cities[index % cities.length];
    const vat = index % 2 === 0 ? italianVat(1_000_000_000 + index) : '';
    await write(
      `Ceramiche Società ${index} S.r.l.;Via dell'Industria ${index % 300};41049;${city};MO;Italia;` +
        `0536 ${String(index).padStart(6, '0')};${vat};info${index}@ceramiche.example;www.ceramiche${index}.example\r\n`,
    );
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
}

/** Posts a dry run or run asking for the event stream and reads it to its last event. */
async function followJob(url: string, headers: Record<string, string>, body: unknown): Promise<ImportEvent> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...headers, accept: 'text/event-stream', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200 || !response.body)
    throw new Error(`${url}: ${response.status} ${await response.text()}`);
  let buffer = '';
  let last: ImportEvent | null = null;
  const decoder = new TextDecoder();
  for await (const chunk of response.body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      last = JSON.parse(buffer.slice(0, end).replace(/^data: /, '')) as ImportEvent;
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
    }
  }
  if (!last) throw new Error(`${url}: no event`);
  return last;
}

async function uploadFile(ctx: BenchContext, file: string, headers: Record<string, string>) {
  const form = new FormData();
  form.append('file', await openAsBlob(file), path.basename(file));
  const response = await fetch(`${ctx.baseUrl}${apiPaths.imports}`, { method: 'POST', headers, body: form });
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return (await response.json()) as CompanyImport;
}

async function importOnce(ctx: BenchContext, file: string, headers: Record<string, string>) {
  const times: Record<string, number> = {};
  const timed = async <T>(name: string, work: () => Promise<T>) => {
    const started = performance.now();
    const result = await work();
    times[name] = (performance.now() - started) / 1000;
    return result;
  };
  const uploaded = await timed('upload', () => uploadFile(ctx, file, headers));
  const columns = await timed('columns', async () => {
    const response = await fetch(`${ctx.baseUrl}${apiPaths.importColumns(uploaded.id)}`, { headers });
    return (await response.json()) as ImportColumns;
  });
  const body = { mapping: columns.suggested_mapping };
  const checked = await timed('dry run', () =>
    followJob(`${ctx.baseUrl}${apiPaths.importDryRun(uploaded.id)}`, headers, body),
  );
  if (checked.status !== 'checked') throw new Error(`dry run ended ${checked.status}: ${checked.error}`);
  const done = await timed('import', () =>
    followJob(`${ctx.baseUrl}${apiPaths.importRun(uploaded.id)}`, headers, body),
  );
  if (done.status !== 'done') throw new Error(`import ended ${done.status}: ${done.error}`);
  return { times, summary: done.summary! };
}

export const importBench: BenchModule = {
  name: 'company import',
  async setup(ctx) {
    const file = path.join(ctx.workDir, `companies-${rowCount}.csv`);
    await generateCsv(file, rowCount);
    const megabytes = (await stat(file)).size / 1e6;
    const headers = { authorization: `JWT ${ctx.admin.token}` };
    return {
      async measure() {
        const rows: MeasurementRow[] = [];
        for (const label of ['first import', 'same file again']) {
          collectGarbage();
          const heapBefore = process.memoryUsage().heapUsed;
          const run = await withPeakMemory(() => importOnce(ctx, file, headers));
          // What the run left behind, garbage aside: the peak above also holds garbage not yet collected.
          collectGarbage();
          const heapHeld = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
          const { times, summary } = run.result;
          rows.push(
            {
              name: `CSV import ${rowCount} rows, ${label}: total`,
              value: `${run.seconds.toFixed(1)} s`,
              note:
                `${megabytes.toFixed(1)} MB; upload ${times.upload.toFixed(1)} s, dry run ${times['dry run'].toFixed(1)} s, ` +
                `import ${times.import.toFixed(1)} s; created ${summary.created}, updated ${summary.updated}, unchanged ${summary.unchanged}`,
            },
            {
              name: `CSV import ${rowCount} rows, ${label}: peak memory`,
              value: `${run.peakRssMb.toFixed(0)} MB RSS`,
              note:
                `+${(run.peakRssMb - run.baselineRssMb).toFixed(0)} MB over ${run.baselineRssMb.toFixed(0)} MB before; ` +
                `heap held after a full collection ${heapHeld >= 0 ? '+' : ''}${heapHeld.toFixed(0)} MB`,
            },
          );
        }
        return rows;
      },
    };
  },
};

/** Standalone: a throwaway PostgreSQL cluster, the real app on loopback, this module alone. */
async function standalone() {
  const { mkdtemp, rm } = await import('node:fs/promises');
  const os = await import('node:os');
  const { openDatabase } = await import('@pressroom/db');
  const { buildApp } = await import('../../apps/api/src/app.ts');
  const { loadConfig } = await import('../../apps/api/src/plugins/config.ts');
  const { createUser, tokenFor } = await import('../../apps/api/src/test-support/factories.ts');
  const { startPostgres } = await import('../support/postgres.ts');
  const postgres = await startPostgres();
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'pressroom-import-bench-'));
  const database = await openDatabase({ url: postgres.url, maxConnections: 20 });
  try {
    await database.migrate();
    const config = loadConfig({
      DATABASE_URL: postgres.url,
      DATA_DIR: workDir,
      LOG_LEVEL: 'warn',
      MAIL_POLL_INTERVAL: '0',
    });
    const app = await buildApp({ config, database, logger: { level: 'warn' } });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await createUser(app, { roles: ['administrator_global'] });
    const ctx = {
      app,
      database,
      baseUrl: address.replace('localhost', '127.0.0.1'),
      postgresUrl: postgres.url,
      admin: { user: admin, token: await tokenFor(app, admin) },
      workDir,
      options: { durationSeconds: 0, connections: 0 },
    } satisfies BenchContext;
    const module = await importBench.setup!(ctx);
    for (const row of (await module?.measure?.()) ?? [])
      console.log(`${row.name}: ${row.value}  (${row.note ?? ''})`);
    await app.close();
  } finally {
    await database.close();
    await postgres.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  standalone().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
