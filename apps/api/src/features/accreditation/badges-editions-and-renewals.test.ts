import { apiPaths } from '@pressroom/contract';
import { accreditationProofs, accreditationRequests } from '@pressroom/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { qrOfBadge, textOfPdf } from '../../../../../e2e/support/badge-qr.ts';
import { authHeader, createUser, tokenFor } from '../../test-support/factories.ts';
import { fair, samplePdf } from '../../test-support/press-content.ts';
import { storedKeys } from '../../test-support/storage.ts';
import {
  app,
  ask,
  content,
  db,
  decide,
  edition,
  get,
  journalist,
  mails,
  officer,
  setUpAccreditationApp,
  signInOfficer,
  siteId,
} from './accreditation-test-setup.ts';
import { purgeExpiredProofs } from './service.ts';

describe('accreditation per edition, with proof, badge and gate check', () => {
  setUpAccreditationApp();

  it('prints a badge whose QR code checks valid only while the accreditation stands', async () => {
    const anna = await journalist();
    const request = (await ask(anna.headers)).json();
    expect((await get(apiPaths.accreditationBadge(request.id), anna.headers)).statusCode).toBe(404);
    await decide({ ids: [request.id], decision: 'approve' });

    const badge = await get(apiPaths.accreditationBadge(request.id), anna.headers);
    expect([badge.statusCode, badge.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(
      (await get(apiPaths.accreditationBadge(request.id), (await journalist()).headers)).statusCode,
    ).toBe(404);
    // Under the QR, the short code the door types when no camera reads it: the one the app shows.
    const [shown] = (await get(apiPaths.myAccreditation, anna.headers)).json().requests;
    expect(shown.badge_code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    const lines = await textOfPdf(badge.rawPayload);
    const hint = lines.indexOf('If the QR code cannot be read, type this code at the door:');
    expect(lines.slice(hint, hint + 3)).toEqual([
      'If the QR code cannot be read, type this code at the door:',
      shown.badge_code,
      'Valid until March 14, 2027',
    ]);
    const address = await qrOfBadge(badge.rawPayload);
    const siteAddress = app().sites.forHostname('fair.localhost').address;
    expect(address).toMatch(new RegExp(`^${siteAddress}/badges/[\\w-]{22}\\.[\\w-]{22}$`));
    const token = address!.split('/badges/')[1];
    // The app draws the same QR on screen from the holder's answer; the office's queue never carries it.
    expect(shown.badge_check_url).toBe(address);
    const queue = (await get(`${apiPaths.accreditationQueue}?status=approved`, officer)).json();
    expect(
      queue.results.map((entry: { id: number; badge_check_url: string | null }) => [
        entry.id,
        entry.badge_check_url,
      ]),
    ).toContainEqual([request.id, null]);

    const check = async () => (await get(apiPaths.badgeCheck(token))).json();
    expect(await check()).toEqual({
      valid: true,
      name: 'Anna Rossi',
      outlet: 'Il Giornale della Ceramica',
      edition: 'Tile Fair 2027',
      site: 'Tile Fair',
      valid_until: '2027-03-14',
    });
    const page = await get(`/badges/${token}`);
    expect([page.headers['x-robots-tag'], page.body.includes('data-verdict="valid"')]).toEqual([
      'noindex',
      true,
    ]);
    const forged = `${token.slice(0, 23)}${token[23] === 'A' ? 'B' : 'A'}${token.slice(24)}`;
    expect((await get(apiPaths.badgeCheck(forged))).json()).toMatchObject({
      valid: false,
      name: null,
      outlet: null,
    });

    await decide({ ids: [request.id], decision: 'reject', message: 'Outlet closed.' });
    expect((await check()).valid).toBe(false);
    expect((await get(`/badges/${token}`)).body).toContain('data-verdict="invalid"');
    expect((await get(apiPaths.accreditationBadge(request.id), anna.headers)).statusCode).toBe(404);
    const refused = (await get(apiPaths.myAccreditation, anna.headers)).json().requests[0];
    expect([refused.badge_code, refused.badge_check_url]).toEqual([null, null]);
    await decide({ ids: [request.id], decision: 'approve' });
    expect((await check()).valid).toBe(true);

    // The edition's last day still counts; the day after, the badge and the accreditation have expired.
    content.harness.clock.set(new Date('2027-03-14T22:00:00Z'));
    expect((await check()).valid).toBe(true);
    content.harness.clock.set(new Date('2027-03-15T00:00:01Z'));
    expect((await check()).valid).toBe(false);
    // Signed in again: tokens issued in January have expired too.
    await signInOfficer();
    const mine = (await get(apiPaths.myAccreditation, authHeader(await tokenFor(app(), anna.user)))).json();
    expect([mine.editions, mine.requests[0].expired, mine.requests[0].badge_url]).toEqual([[], true, null]);
    const late = await decide({ ids: [request.id], decision: 'approve' });
    expect(late.json().ids).toEqual(['This edition is not open for accreditation.']);
  });

  it("holds a badge invalid once its holder's account is deactivated, and names the badge's own site on any host", async () => {
    const anna = await journalist();
    const request = (await ask(anna.headers)).json();
    await decide({ ids: [request.id], decision: 'approve' });
    const token = (await qrOfBadge(
      (
        await get(apiPaths.accreditationBadge(request.id), anna.headers)
      ).rawPayload,
    ))!.split('/badges/')[1]!;
    const onAssociation = { host: 'association.localhost' };
    const page = async () =>
      (await app().inject({ method: 'GET', url: `/badges/${token}`, headers: onAssociation })).body;
    expect((await get(apiPaths.badgeCheck(token))).json()).toMatchObject({ valid: true, site: 'Tile Fair' });
    expect(await page()).toContain('<p class="site">Tile Fair</p>');
    expect(await page()).not.toContain('Ceramics Association');

    const admin = authHeader(
      await tokenFor(app(), await createUser(app(), { roles: ['administrator_global'] })),
    );
    const deactivated = await app().inject({
      method: 'PATCH',
      url: apiPaths.adminUser(anna.user.id),
      payload: { is_active: false },
      headers: { ...fair, ...admin },
    });
    expect([deactivated.statusCode, deactivated.json().is_active]).toEqual([200, false]);
    expect((await get(apiPaths.badgeCheck(token))).json()).toEqual({
      valid: false,
      name: null,
      outlet: null,
      edition: null,
      site: null,
      valid_until: null,
    });
    const invalid = await page();
    expect([invalid.includes('data-verdict="invalid"'), invalid.includes('Anna Rossi')]).toEqual([
      true,
      false,
    ]);
    expect(invalid).toContain('<p class="site">Tile Fair</p>');

    // Active again, the badge holds again while its request stands.
    await app().inject({
      method: 'PATCH',
      url: apiPaths.adminUser(anna.user.id),
      payload: { is_active: true },
      headers: { ...fair, ...admin },
    });
    expect((await get(apiPaths.badgeCheck(token))).json().valid).toBe(true);
  });

  it('approves at once on an edition that needs no proof, as the automatic mode does', async () => {
    await app().inject({
      method: 'PATCH',
      url: apiPaths.edition(edition),
      payload: { proof_required: false },
      headers: { ...fair, ...officer },
    });
    const { headers } = await journalist({ roles: [] });
    // A user in no group has no press area yet: the automatic mode applies to journalists already signed up.
    expect((await ask(headers, {}, [])).statusCode).toBe(403);
    const member = await journalist();
    const response = await ask(member.headers, {}, []);
    expect([response.statusCode, response.json().status, response.json().badge_url !== null]).toEqual([
      201,
      'approved',
      true,
    ]);
    expect((await mails()).map((mail) => mail.toAddress)).toEqual([member.user.email]);
  });

  it('lets only the press office keep editions; a PATCH keeps what it does not name; one with requests stays', async () => {
    const journalistHeaders = (await journalist()).headers;
    expect((await get(apiPaths.editions, journalistHeaders)).statusCode).toBe(403);
    const renamed = await app().inject({
      method: 'PATCH',
      url: apiPaths.edition(edition),
      payload: { name: 'Tile Fair 2027, 40th edition' },
      headers: { ...fair, ...officer },
    });
    expect(renamed.json()).toMatchObject({
      name: 'Tile Fair 2027, 40th edition',
      starts_on: '2027-03-10',
      ends_on: '2027-03-14',
      proof_required: true,
    });
    const backwards = await app().inject({
      method: 'PATCH',
      url: apiPaths.edition(edition),
      payload: { starts_on: '2027-03-20' },
      headers: { ...fair, ...officer },
    });
    expect([backwards.statusCode, backwards.json().ends_on]).toEqual([
      400,
      ['The last day cannot come before the first.'],
    ]);
    await ask(journalistHeaders);
    const removal = await app().inject({
      method: 'DELETE',
      url: apiPaths.edition(edition),
      headers: { ...fair, ...officer },
    });
    expect([removal.statusCode, removal.json().non_field_errors]).toEqual([
      400,
      ['This edition has requests: it stays, as the record of who was accredited.'],
    ]);
    const listed = (await get(apiPaths.editions, officer)).json().results;
    expect(
      listed.map((entry: { name: string; counts: Record<string, number> }) => [entry.name, entry.counts]),
    ).toEqual([['Tile Fair 2027, 40th edition', { received: 1 }]]);
  });

  it("gives a new edition the fair's time zone, changes it by name and refuses an unknown zone", async () => {
    const created = await app().inject({
      method: 'POST',
      url: apiPaths.editions,
      payload: { site: siteId, name: 'Tile Fair Dubai', starts_on: '2027-11-02', ends_on: '2027-11-04' },
      headers: { ...fair, ...officer },
    });
    expect([created.statusCode, created.json().time_zone]).toEqual([201, 'Europe/Rome']);
    const moved = await app().inject({
      method: 'PATCH',
      url: apiPaths.edition(created.json().id),
      payload: { time_zone: 'Asia/Dubai' },
      headers: { ...fair, ...officer },
    });
    expect([moved.json().time_zone, moved.json().name]).toEqual(['Asia/Dubai', 'Tile Fair Dubai']);
    const unknown = await app().inject({
      method: 'PATCH',
      url: apiPaths.edition(created.json().id),
      payload: { time_zone: 'Mars/Olympus_Mons' },
      headers: { ...fair, ...officer },
    });
    expect([unknown.statusCode, unknown.json().time_zone]).toEqual([
      400,
      ['Not a known time zone (e.g. Europe/Rome).'],
    ]);
  });

  it("starts a renewal from last edition's request, and deletes proofs six months after their edition ended", async () => {
    const anna = await journalist();
    const first = (
      await ask(anna.headers, { outlet: 'Ceramica Oggi', role: 'Photographer', media_type: 'magazines' })
    ).json();
    await decide({ ids: [first.id], decision: 'approve' });
    content.harness.clock.set(new Date('2027-09-20T09:00:00Z'));
    await signInOfficer();
    anna.headers = authHeader(await tokenFor(app(), anna.user));
    const next = await app().inject({
      method: 'POST',
      url: apiPaths.editions,
      payload: { site: siteId, name: 'Tile Fair 2028', starts_on: '2028-03-08', ends_on: '2028-03-12' },
      headers: { ...fair, ...officer },
    });
    const mine = (await get(apiPaths.myAccreditation, anna.headers)).json();
    expect(mine.prefill).toEqual({ media_type: 'magazines', outlet: 'Ceramica Oggi', role: 'Photographer' });
    expect(mine.editions.map((entry: { id: number }) => entry.id)).toEqual([next.json().id]);

    const before = await storedKeys(app().storage, 'accreditation-proofs/');
    // Every proof of the edition that ended in March, stored until the purge.
    const due = (
      await db()
        .select({ key: accreditationProofs.storagePath })
        .from(accreditationProofs)
        .innerJoin(accreditationRequests, eq(accreditationProofs.requestId, accreditationRequests.id))
        .where(eq(accreditationRequests.editionId, edition))
    ).map((row) => row.key);
    expect(before).toEqual(expect.arrayContaining(due));
    // Ended 14 March 2027: on 14 September the six months are over.
    const early = await purgeExpiredProofs(app(), new Date('2027-09-13T09:00:00Z'));
    expect(early.proofsDeleted).toBe(0);
    const report = await purgeExpiredProofs(app(), new Date('2027-09-20T09:00:00Z'));
    expect(report.proofsDeleted).toBe(due.length);
    const [request] = await db()
      .select()
      .from(accreditationRequests)
      .where(eq(accreditationRequests.id, first.id));
    expect(request.status).toBe('approved');
    expect(
      await db().select().from(accreditationProofs).where(eq(accreditationProofs.requestId, first.id)),
    ).toEqual([]);
    // The store keeps exactly the proofs some request still names.
    const named = await db().select({ key: accreditationProofs.storagePath }).from(accreditationProofs);
    const after = await storedKeys(app().storage, 'accreditation-proofs/');
    expect(after).toEqual(named.map((row) => row.key).sort());
    expect(after.filter((key) => due.includes(key))).toEqual([]);
  });

  it('removes a proof file no request names once it is an hour old, and keeps one stored a moment ago', async () => {
    const storage = app().storage;
    const settled = 'accreditation-proofs/20270920T083000Z-left-by-a-deleted-account.pdf';
    const fresh = 'accreditation-proofs/20270920T093000Z-request-still-committing.pdf';
    const earlierName = 'accreditation-proofs/7c1e4f0a-named-by-an-earlier-version.pdf';
    for (const key of [settled, fresh, earlierName]) await storage.putBytes(key, samplePdf('orphan'));
    const report = await purgeExpiredProofs(app(), new Date('2027-09-20T10:00:00Z'));
    expect(report.filesRemoved).toBe(2);
    const left = await storedKeys(storage, 'accreditation-proofs/');
    expect([left.includes(settled), left.includes(fresh), left.includes(earlierName)]).toEqual([
      false,
      true,
      false,
    ]);
  });
});
