import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { type PostgresCluster, startPostgres } from './postgres.ts';
import { type RunningServer, startServer } from './server.ts';
import { startSmtpServer, type TestSmtpServer } from './smtp.ts';

// The support code every browser journey stands on: a real PostgreSQL cluster, a real SMTP server, the real
// server process and Chromium, working together.
describe('e2e support', () => {
  let postgres: PostgresCluster;
  let smtp: TestSmtpServer;
  let server: RunningServer;

  beforeAll(async () => {
    postgres = await startPostgres();
    smtp = await startSmtpServer();
    server = await startServer({ env: { DATABASE_URL: postgres.url, SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
    await postgres?.stop();
  });

  it('runs the server on a throwaway PostgreSQL cluster and reports it healthy', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(server.log()).toMatch(/Server listening/);
  });

  it('reaches each site hostname from Chromium', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      for (const hostname of ['fair.localhost', 'association.localhost']) {
        const response = await page.goto(`${server.urlFor(hostname)}/healthz`);
        expect(response?.status()).toBe(200);
        expect(await page.textContent('body')).toContain('"database":"ok"');
      }
    } finally {
      await browser.close();
    }
  });

  it("opens a page in Chromium with no address-bar pop-up beside it, Playwright's own switched-off features kept", async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(`${server.url}/healthz`);
      const cdp = await browser.newBrowserCDPSession();
      const { targetInfos } = await cdp.send('Target.getTargets');
      expect(targetInfos.map((target) => [target.type, target.url])).toEqual([
        ['page', `${server.url}/healthz`],
      ]);
      const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
      const browserProcess = processInfo.find((process) => process.type === 'browser');
      const switches = readFileSync(`/proc/${browserProcess?.id}/cmdline`, 'utf8').split('\0');
      const disabled = switches.filter((argument) => argument.startsWith('--disable-features='));
      expect(disabled).toHaveLength(1);
      // PaintHolding is one Playwright turns off itself.
      expect(disabled[0]?.split('=')[1]?.split(',')).toEqual(
        expect.arrayContaining(['PaintHolding', 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']),
      );
    } finally {
      await browser.close();
    }
  });
});
