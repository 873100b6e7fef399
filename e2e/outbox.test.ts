import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { apiPaths } from '@pressroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationBody } from '../apps/api/src/features/account/test-helpers.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { parseMail } from './support/smtp.ts';

// Without SMTP_URL (the embedded default), a newcomer finishes sign-up on one machine: the verification mail
// is an .eml file in the data directory's outbox, and the server log shows its link.
describe('mail without SMTP', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.stop());

  it('writes the verification mail into the outbox and logs its link', async () => {
    const response = await server.request('fair.localhost', apiPaths.register, {
      method: 'POST',
      headers: { 'accept-language': 'en' },
      json: registrationBody({ email: 'newcomer@example.test' }),
    });
    expect(response.status).toBe(201);

    const line = JSON.parse(await server.waitForLog(/mail written to the outbox/));
    expect(line.to).toBe('newcomer@example.test');
    expect(line.link).toMatch(/^http:\/\/\S+signature=/);
    expect(path.dirname(line.file)).toBe(path.join(server.dataDir, 'outbox'));

    const files = await readdir(path.join(server.dataDir, 'outbox'));
    expect(files).toEqual([path.basename(line.file)]);
    const mail = parseMail(await readFile(line.file));
    expect(mail.to).toEqual(['newcomer@example.test']);
    expect(mail.subject).toContain('Tile Fair');
    expect(mail.links[0]).toBe(line.link);
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
  });
});
