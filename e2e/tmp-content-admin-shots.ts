// Temporary: only the content-admin screens, for review (deleted after use).
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { demoAdministrator } from '../apps/api/src/demo/seed-demo.ts';
import { contentAdminScreens } from './content-admin-screens.ts';
import { launchBrowser } from './support/browser.ts';
import { startServer } from './support/server.ts';
import { presetLanguage, relaxedRateLimits, signInThroughApi } from './web-app.ts';

const out = '/tmp/content-admin-shots';
await mkdir(out, { recursive: true });
const server = await startServer({ env: relaxedRateLimits, cli: [['seed-demo']] });
const browser = await launchBrowser();
try {
  const only = process.argv[2]?.split(',');
  for (const language of (process.argv[3] ?? 'en').split(',')) {
    for (const [vp, viewport] of Object.entries({
      desktop: { width: 1366, height: 900 },
      phone: { width: 390, height: 844 },
    })) {
      for (const screen of contentAdminScreens(demoAdministrator)) {
        if (only && !only.includes(screen.name)) continue;
        const context = await browser.newContext({ viewport, locale: language === 'ar' ? 'ar' : 'en-GB' });
        await presetLanguage(context, language);
        await signInThroughApi(context, server.url, screen.as, language);
        const page = await context.newPage();
        await page.goto(`${server.url}/#${screen.route}`);
        await page.locator('main').first().waitFor();
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
        await screen.prepare?.(page);
        await page.screenshot({
          path: path.join(out, `${screen.name}.${language}.${vp}.png`),
          fullPage: true,
        });
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
