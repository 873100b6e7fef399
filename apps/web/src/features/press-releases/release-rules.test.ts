import { rolePermissions } from '@pressroom/contract';
import { describe, expect, it } from 'vitest';
import {
  canChooseReleaseCompany,
  canEditRelease,
  canFeatureReleases,
  canUseReleasesBackOffice,
  statusActions,
} from './release-rules.ts';

const userWith = (role: keyof typeof rolePermissions, companyId: number | null = null) => ({
  permissions: [...rolePermissions[role]],
  company_id: companyId,
});

const pressOffice = userWith('administrator_press_room');
const companyAdmin = userWith('administrator_press_room_external_company', 7);
const agent = userWith('agent_press_room_external_company', 7);
const journalist = userWith('user_press_room');

const release = (status: 'draft' | 'submitted' | 'published', companyId: number | null = 7) => ({
  status,
  company_id: companyId,
});
const actionsOf = (user: Parameters<typeof statusActions>[0], target: ReturnType<typeof release>) =>
  statusActions(user, target).map((action) => action.action);

describe('release rules on the client', () => {
  it('let only the press office choose the company of a release', () => {
    expect(canChooseReleaseCompany(pressOffice)).toBe(true);
    expect(canChooseReleaseCompany(userWith('administrator_global'))).toBe(true);
    expect(canChooseReleaseCompany(companyAdmin)).toBe(false);
    expect(canChooseReleaseCompany(agent)).toBe(false);
    expect(canChooseReleaseCompany(null)).toBe(false);
  });

  it("let only the press office feature releases on a site's Home", () => {
    expect(canFeatureReleases(pressOffice)).toBe(true);
    expect(canFeatureReleases(userWith('administrator_global'))).toBe(true);
    expect(canFeatureReleases(companyAdmin)).toBe(false);
    expect(canFeatureReleases(agent)).toBe(false);
    expect(canFeatureReleases(journalist)).toBe(false);
    expect(canFeatureReleases(null)).toBe(false);
  });

  it('open the back office to release writers, publishers and the press office only', () => {
    expect(canUseReleasesBackOffice(pressOffice)).toBe(true);
    expect(canUseReleasesBackOffice(companyAdmin)).toBe(true);
    expect(canUseReleasesBackOffice(agent)).toBe(true);
    expect(canUseReleasesBackOffice(journalist)).toBe(false);
    expect(canUseReleasesBackOffice(userWith('administrator_associated_companies'))).toBe(false);
    expect(canUseReleasesBackOffice(null)).toBe(false);
  });

  it('let an agent submit a draft of their company but never publish it', () => {
    expect(actionsOf(agent, release('draft'))).toEqual(['submit']);
    expect(actionsOf(agent, release('submitted'))).toEqual(['backToDraft']);
    expect(actionsOf(agent, release('published'))).toEqual([]);
    expect(canEditRelease(agent, release('published'))).toBe(false);
  });

  it("let a company administrator publish and withdraw their company's releases only", () => {
    expect(actionsOf(companyAdmin, release('draft'))).toEqual(['submit', 'publish']);
    expect(actionsOf(companyAdmin, release('submitted'))).toEqual(['publish', 'backToDraft']);
    expect(actionsOf(companyAdmin, release('published'))).toEqual(['withdraw']);
    expect(actionsOf(companyAdmin, release('submitted', 8))).toEqual([]);
  });

  it('let the press office publish and withdraw any release, with or without a company', () => {
    expect(actionsOf(pressOffice, release('submitted', null))).toEqual(['publish', 'backToDraft']);
    expect(actionsOf(pressOffice, release('published', 8))).toEqual(['withdraw']);
    expect(canEditRelease(pressOffice, release('published', 8))).toBe(true);
  });

  it('offer nothing to a journalist', () => {
    expect(actionsOf(journalist, release('draft'))).toEqual([]);
  });

  it('offer to cancel a scheduled release instead of withdrawing it, to those who may publish it', () => {
    const scheduled = { status: 'published' as const, company_id: 7, scheduled: true };
    expect(statusActions(pressOffice, scheduled).map((action) => action.action)).toEqual(['cancelSchedule']);
    expect(statusActions(companyAdmin, scheduled)).toEqual([{ to: 'draft', action: 'cancelSchedule' }]);
    expect(statusActions(agent, scheduled)).toEqual([]);
    expect(actionsOf(pressOffice, release('published'))).toEqual(['withdraw']);
  });
});
