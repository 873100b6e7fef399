// Gzipped size of the JavaScript the Home route needs on first load: the entry, its static imports, the
// Home screen chunk with its static imports, and the English catalog. Run after `vite build`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const assets = path.join(dist, 'assets');
const files = readdirSync(assets);
const find = (prefix) => files.find((name) => name.startsWith(prefix) && name.endsWith('.js'));

function staticImports(file) {
  const code = readFileSync(path.join(assets, file), 'utf8');
  const found = new Set();
  for (const match of code.matchAll(/(?:import|from)\s*["']\.\/([^"']+\.js)["']/g)) found.add(match[1]);
  return found;
}

function closure(entries) {
  const seen = new Set();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop();
    if (!file || seen.has(file)) continue;
    seen.add(file);
    for (const next of staticImports(file)) queue.push(next);
  }
  return seen;
}

function firstLoad() {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = html.match(/src="\.\/assets\/([^"]+\.js)"/)?.[1];
  const entries = [entry, find('home-screen-'), find('en-')].filter(Boolean);
  const chunks = closure(entries);
  let total = 0;
  const rows = [];
  for (const file of chunks) {
    const size = gzipSync(readFileSync(path.join(assets, file)), { level: 9 }).length;
    total += size;
    rows.push([file, size]);
  }
  return { totalKb: Math.round(total / 102.4) / 10, rows: rows.sort((a, b) => b[1] - a[1]) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { totalKb, rows } = firstLoad();
  for (const [file, size] of rows) console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
  console.log(`${String(totalKb).padStart(7)} KB  first-load JavaScript of Home (gzip)`);
}
