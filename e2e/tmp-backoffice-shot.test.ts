import { it } from 'vitest';
import { demoAdministrator } from '../apps/api/src/demo/seed-demo.ts';
import { launchBrowser } from './support/browser.ts';
import { startServer } from './support/server.ts';
import { relaxedRateLimits, signInThroughApi } from './web-app.ts';

const routes = (process.env.SHOT_ROUTES ?? '/admin/companies/new').split(',');
it('shots', async () => {
  const server = await startServer({ env: relaxedRateLimits, cli: [['seed-demo']] });
  const browser = await launchBrowser();
  try {
    for (const width of (process.env.SHOT_WIDTHS ?? '1366').split(',').map(Number)) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-GB' });
      await signInThroughApi(context, server.url, demoAdministrator, process.env.SHOT_LANG ?? 'en');
      const page = await context.newPage();
      page.on('console', (message) => console.log('console', message.type(), message.text()));
      page.on('pageerror', (error) => console.log('pageerror', error.message));
      for (const route of routes) {
        await page.goto(`${server.url}/#${route}`);
        await page.waitForTimeout(2500);
        console.log('overflow', route, width, await page.evaluate(() => {
          const out: string[] = [];
          for (const element of document.querySelectorAll('*')) {
            const box = element.getBoundingClientRect();
            if (box.right > window.innerWidth + 1 || box.bottom > document.querySelector('main')!.getBoundingClientRect().bottom + 400)
              out.push(`${element.tagName} ${Math.round(box.left)},${Math.round(box.top)} ${Math.round(box.width)}x${Math.round(box.height)} ${element.outerHTML.slice(0, 200)} parent=${element.parentElement?.outerHTML.slice(0, 150)}`);
          }
          return out.slice(0, 15).join('\n');
        }));
        const name = route.replace(/[^a-z0-9]+/gi, '_');
        await page.screenshot({ path: `/tmp/shots/${name}.${width}.png`, fullPage: true });
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}, 300_000);
