import { users } from '@pressroom/db';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createUser, tokenFor } from '../../test-support/factories.ts';
import {
  admin,
  association,
  call,
  companyA,
  companyB,
  draft,
  fair,
  harness,
  multipart,
  publicList,
  setUpEditingApp,
  tokens,
} from './editing-test-setup.ts';

describe('editing press releases', () => {
  setUpEditingApp();

  describe("signed links to a release's files, checked again when fetched", () => {
    const associationHost = { host: 'association.localhost' };
    const fetched = async (url: string, headers: Record<string, string> = {}) =>
      (await harness.app.inject({ method: 'GET', url, headers })).statusCode;
    const upload = async (id: number, who: string, name: string) => {
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2040a0' } })
        .png()
        .toBuffer();
      const form = multipart({ kind: 'image', language: 'en' }, [{ name, type: 'image/png', bytes: png }]);
      return (await call('POST', `${admin}${id}/files/`, who, form.payload, form.headers)).body[0];
    };

    it("serves a press link only while the release is published on the link's site and holds the file", async () => {
      const created = await call(
        'POST',
        admin,
        'pressOffice',
        draft('Embargoed kiln news', { embargo_until: '2026-06-20T08:00:00Z' }),
      );
      const id = created.body.id;
      const kiln = await upload(id, 'pressOffice', 'kiln.png');
      const glaze = await upload(id, 'pressOffice', 'glaze.png');
      await call('POST', `${admin}${id}/status/`, 'pressOffice', { status: 'published' });
      // The links a journalist is handed under embargo: the press's, the same as the back office's.
      const detail = await call('GET', `${publicList}${id}/`, 'journalist');
      const [kilnUrl, glazeUrl] = detail.body.images.map((image: { url: string }) => image.url);
      expect(kilnUrl).toMatch(/\?site=\d+&expires=\d+&signature=/);
      expect((await call('GET', `${admin}${id}/`, 'pressOffice')).body.images[0].url).toBe(kilnUrl);
      const thumbnail = detail.body.images[0].thumbnail_url;
      expect(await fetched(kilnUrl)).toBe(200);
      expect(await fetched(thumbnail)).toBe(200);
      // Made for the fair's site: never honoured on another site's host.
      expect(await fetched(kilnUrl, associationHost)).toBe(404);
      // Read on a site it is not on, its links name the site it is on, and serve while it stays there.
      const elsewhere = await call('GET', `${publicList}${id}/`, 'journalist', undefined, associationHost);
      const elsewhereUrl = elsewhere.body.images[0].url;
      expect(elsewhereUrl).toMatch(new RegExp(`\\?on=${fair}&site=${association}&expires=`));
      expect(await fetched(elsewhereUrl, associationHost)).toBe(200);

      await call('POST', `${admin}${id}/status/`, 'pressOffice', { status: 'draft' });
      expect(await fetched(kilnUrl)).toBe(404);
      expect(await fetched(thumbnail)).toBe(404);
      expect(await fetched(kilnUrl.replace(/\/\?/, '/web/?'))).toBe(404);
      await call('POST', `${admin}${id}/status/`, 'pressOffice', { status: 'published' });
      expect(await fetched(kilnUrl)).toBe(200);

      // Taken off the link's site, then back on it.
      expect((await call('PATCH', `${admin}${id}/`, 'pressOffice', { groups: [association] })).status).toBe(
        200,
      );
      expect(await fetched(kilnUrl)).toBe(404);
      expect(await fetched(elsewhereUrl, associationHost)).toBe(404);
      await call('PATCH', `${admin}${id}/`, 'pressOffice', { groups: [fair, association] });
      expect(await fetched(kilnUrl)).toBe(200);

      // A file removed from the release is gone; the others still serve, until the release is deleted.
      expect((await call('DELETE', `${admin}${id}/files/${kiln.id}/`, 'pressOffice')).status).toBe(204);
      expect(await fetched(kilnUrl)).toBe(404);
      expect(await fetched(glazeUrl)).toBe(200);
      expect(glaze.url).toContain('editor=');
      expect((await call('DELETE', `${admin}${id}/`, 'pressOffice')).status).toBe(204);
      expect(await fetched(glazeUrl)).toBe(404);
    });

    it("serves an editor's link to a draft while their account may see it, not once it is deactivated", async () => {
      const agent = await createUser(harness.app, {
        roles: ['agent_press_room_external_company'],
        companyId: companyA,
      });
      tokens.linkAgent = await tokenFor(harness.app, agent);
      const created = await call('POST', admin, 'linkAgent', draft('Alpha draft with pictures'));
      const id = created.body.id;
      const picture = await upload(id, 'linkAgent', 'draft.png');
      // The draft's links name the editor they were made for, signed with the rest.
      expect(picture.url).toMatch(new RegExp(`\\?editor=${agent.id}&site=\\d+&expires=\\d+&signature=`));
      expect(await fetched(picture.url)).toBe(200);
      expect(await fetched(picture.thumbnail_url)).toBe(200);
      expect(await fetched(picture.url.replace(`editor=${agent.id}&`, ''))).toBe(404);

      await harness.db.update(users).set({ isActive: false }).where(eq(users.id, agent.id));
      expect(await fetched(picture.url)).toBe(404);
      expect(await fetched(picture.thumbnail_url)).toBe(404);
      await harness.db.update(users).set({ isActive: true }).where(eq(users.id, agent.id));
      expect(await fetched(picture.url)).toBe(200);
      // Nor once the account is moved to another company, whose releases these are not.
      await harness.db.update(users).set({ companyId: companyB }).where(eq(users.id, agent.id));
      expect(await fetched(picture.url)).toBe(404);
    });
  });
});
