import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { apiPaths, type Edition, type MyAccreditation, type ProgrammeEvent } from '@pressroom/contract';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from './back-office-support.ts';
import { journeyUsers } from './journey-users.ts';
import { journalist, startPressServer } from './press-content-support.ts';
import { qrOfBadge } from './support/badge-qr.ts';
import { launchBrowser } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { openScreen, signInThroughApi } from './web-app.ts';

const officer = journeyUsers.officer;
const phone = { width: 360, height: 780 };
const frame = { width: 640, height: 480 };

/**
 * A camera's picture for Chromium's fake capture device: the QR code as a Y4M video (4:2:0), a few identical
 * frames (Chromium loops the file).
 */
async function qrVideo(text: string, file: string) {
  const qr = await QRCode.toBuffer(text, { type: 'png', width: 360, margin: 4 });
  const { data } = await sharp(qr)
    .flatten({ background: '#ffffff' })
    .extend({
      top: (frame.height - 360) / 2,
      bottom: (frame.height - 360) / 2,
      left: (frame.width - 360) / 2,
      right: (frame.width - 360) / 2,
      background: '#ffffff',
    })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = frame;
  const luma = Buffer.alloc(width * height);
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  for (let pixel = 0; pixel < width * height; pixel += 1) {
    const [red, green, blue] = [data[pixel * 3], data[pixel * 3 + 1], data[pixel * 3 + 2]];
    luma[pixel] = Math.round(0.299 * red + 0.587 * green + 0.114 * blue);
  }
  const picture = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  await writeFile(file, Buffer.concat([header, picture, picture, picture]));
}

/** Today and later days (UTC) as the edition's dates take them. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** An edition under way, the journalist accredited to it and signed up to an event starting soon: the badge. */
async function accreditedAndSignedUp(url: string) {
  const administrator = await apiAs(url, journeyUsers.globalAdministrator);
  const siteName = ((await (await fetch(`${url}${apiPaths.siteInfo}`)).json()) as { name: string }).name;
  const groups = await administrator<{ results: { id: number }[] }>(
    `${apiPaths.pressGroups}?name=${encodeURIComponent(siteName)}`,
  );
  const edition = await administrator<Edition>(apiPaths.editions, {
    json: {
      site: groups.results[0].id,
      name: 'Door Fair',
      starts_on: day(-1),
      ends_on: day(3),
      proof_required: false,
      time_zone: 'UTC',
    },
  });
  const token = (
    (await (
      await fetch(`${url}/api/account/token-auth/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(journalist),
      })
    ).json()) as { token: string }
  ).token;
  const form = new FormData();
  for (const [name, value] of Object.entries({
    edition: String(edition.id),
    media_type: 'newspapers',
    outlet: 'Ceramica Oggi',
    role: 'Editor',
    proof_kind: 'press_card',
  }))
    form.append(name, value);
  const asked = await fetch(`${url}${apiPaths.myAccreditation}`, {
    method: 'POST',
    headers: { authorization: `JWT ${token}` },
    body: form,
  });
  expect(asked.status, await asked.text()).toBe(201);
  const office = await apiAs(url, officer);
  const startsAt = new Date(Date.now() + 5 * 60_000);
  const event = await office<ProgrammeEvent>(apiPaths.programmeAdmin, {
    json: {
      edition: edition.id,
      languages: ['en'],
      signup_required: true,
      type: 'talk',
      title: { en: 'Scanning at the door' },
      starts_at: startsAt.toISOString(),
      ends_at: new Date(startsAt.getTime() + 3_600_000).toISOString(),
      hall: '1',
    },
  });
  const reporter = await apiAs(url, journalist);
  await reporter(apiPaths.programmeSignup(event.id), { method: 'POST' });
  const mine = await reporter<MyAccreditation>(apiPaths.myAccreditation);
  const badgeUrl = mine.requests.find((request) => request.edition.id === edition.id)?.badge_url ?? '';
  const badge = await fetch(`${url}${badgeUrl}`, { headers: { authorization: `JWT ${token}` } });
  const badgeQr = (await qrOfBadge(Buffer.from(await badge.arrayBuffer()))) ?? '';
  expect(badgeQr).toMatch(/\/badges\/[\w-]{22}\.[\w-]{22}$/);
  return { eventId: event.id, badgeQr };
}

describe('the door scans a badge where the browser has no BarcodeDetector', () => {
  let server: RunningServer;
  let workDir: string;

  beforeAll(async () => {
    server = await startPressServer();
    workDir = await mkdtemp(path.join(os.tmpdir(), 'pressroom-camera-'));
  });
  afterAll(async () => {
    await server?.stop();
    await rm(workDir, { recursive: true, force: true });
  });

  it("reads the badge's QR code from the camera through the polyfill and checks the journalist in", async () => {
    const { eventId, badgeQr } = await accreditedAndSignedUp(server.url);
    const video = path.join(workDir, 'badge.y4m');
    await qrVideo(badgeQr, video);
    // Chromium on Linux has no BarcodeDetector: the scanner reads through barcode-detector's polyfill.
    const browser = await launchBrowser({
      args: [
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      const context = await browser.newContext({ locale: 'en-GB', viewport: phone });
      await context.grantPermissions(['camera']);
      await signInThroughApi(context, server.url, officer, 'en');
      const page = await context.newPage();
      await openScreen(page, server.url, `/admin/programme/${eventId}/attendance`);
      await page.getByTestId('attendance-list').waitFor();
      expect(await page.evaluate(() => 'BarcodeDetector' in window)).toBe(false);
      await page.getByTestId('attendance-scan').click();
      const verdict = page.getByTestId('attendance-verdict');
      await expect.poll(() => verdict.getAttribute('data-verdict'), { timeout: 30_000 }).toBe('welcome');
      expect(await verdict.textContent()).toBe('Valid badge, signed up: Anna Rossi');
      await expect.poll(() => page.getByTestId('attendance-count-attended').textContent()).toBe('1');
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
