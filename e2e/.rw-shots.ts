// Temporary screenshot script of helper releases-web (deleted after use).
import { mkdir } from 'node:fs/promises';
import sharp from 'sharp';
import { launchBrowser } from './support/browser.ts';
import { startServer } from './support/server.ts';
import { presetLanguage, relaxedRateLimits, signInThroughApi } from './web-app.ts';

const officer = { email: 'press.office@association.test', password: 'Press_office1!' };
const out = '/tmp/rw';
async function main() {
  await mkdir(out, { recursive: true });
  const server = await startServer({
    env: relaxedRateLimits,
    cli: [['seed-demo'], ['create-user', '--email', officer.email, '--password', officer.password, '--first-name', 'Paola', '--last-name', 'Neri', '--groups', 'administrator_press_room']],
  });
  const browser = await launchBrowser();
  try {
    const auth = await (await fetch(`${server.url}/api/account/token-auth/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(officer) })).json() as { token: string };
    const headers = { authorization: `JWT ${auth.token}` };
    const site = await (await fetch(`${server.url}/api/site/`)).json() as { name: string };
    const groups = await (await fetch(`${server.url}/api/press_room/press_group/?format=datatables&length=-1`)).json() as { data: { id: number; name: string }[] };
    const group = groups.data.find((g) => g.name === site.name)!.id;
    const created = await (await fetch(`${server.url}/api/press_room/admin/press_release/`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ publication_date: '2025-06-12', groups: [group], translations: [{ language: 'en', title: 'Lustreware tiles return to the fair with twelve workshops', subtitle: 'A revived technique from the Renaissance, shown in a dedicated hall', body: '<p>The association presents <strong>iridescent glazes</strong> made by twelve workshops.</p><h2>The hall</h2><ul><li>Twelve workshops</li><li>Live firing</li></ul><p>More at <a href="https://example.com">example.com</a>.</p>' }, { language: 'it', title: 'Le piastrelle a lustro tornano in fiera', subtitle: '', body: '<p>Testo italiano.</p>' }] }) })).json() as { id: number };
    for (const [i, color] of [[1, { r: 180, g: 90, b: 40 }], [2, { r: 40, g: 90, b: 160 }], [3, { r: 60, g: 140, b: 80 }]] as const) {
      const form = new FormData();
      form.append('kind', 'image');
      form.append('file', new Blob([await sharp({ create: { width: 800, height: 600, channels: 3, background: color } }).png().toBuffer()], { type: 'image/png' }), `bowl-${i}.png`);
      await fetch(`${server.url}/api/press_room/admin/press_release/${created.id}/files/`, { method: 'POST', headers, body: form });
    }
    const form = new FormData();
    form.append('kind', 'attachment');
    form.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }), 'lustreware-fact-sheet.pdf');
    await fetch(`${server.url}/api/press_room/admin/press_release/${created.id}/files/`, { method: 'POST', headers, body: form });
    await fetch(`${server.url}/api/press_room/admin/press_release/${created.id}/status/`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ status: 'published' }) });
    const screens = [
      { name: 'home', route: '/home', signed: false },
      { name: 'home-search', route: '/home?q=tiles', signed: false },
      { name: 'detail', route: `/press-release/${created.id}`, signed: false },
      { name: 'detail-preview', route: `/press-release/${created.id}`, signed: false, prepare: async (page: import('playwright-core').Page) => { await page.getByTestId('release-image').first().click(); await page.waitForTimeout(500); } },
      { name: 'detail-print', route: `/press-release/${created.id}`, signed: false, print: true },
      { name: 'admin-list', route: '/admin/press-releases', signed: true },
      { name: 'editor-new', route: '/admin/press-releases/new', signed: true },
      { name: 'editor-errors', route: '/admin/press-releases/new', signed: true, prepare: async (page: import('playwright-core').Page) => { await page.getByTestId('save-release').click(); await page.waitForTimeout(500); } },
      { name: 'editor', route: `/admin/press-releases/${created.id}`, signed: true },
    ];
    const only = process.argv[2];
    for (const language of (process.argv[3] ?? 'en').split(',')) {
      for (const [vp, viewport] of Object.entries({ desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } })) {
        for (const s of screens) {
          if (only && only !== 'all' && !only.split(',').includes(s.name)) continue;
          const context = await browser.newContext({ viewport, locale: 'en-GB' });
          await presetLanguage(context, language);
          if (s.signed) await signInThroughApi(context, server.url, officer, language);
          const page = await context.newPage();
          await page.goto(`${server.url}/#${s.route}`);
          await page.locator('main').first().waitFor();
          await page.waitForLoadState('networkidle');
          await page.waitForTimeout(400);
          await s.prepare?.(page);
          if (s.print) await page.emulateMedia({ media: 'print' });
          await page.screenshot({ path: `${out}/${s.name}.${language}.${vp}.png`, fullPage: true });
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}
main().catch((e) => { console.error(e); process.exitCode = 1; });
