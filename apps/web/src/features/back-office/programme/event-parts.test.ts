import { describe, expect, it } from 'vitest';
import { soleOrganiser } from './event-parts.ts';

const aurora = { id: 4, company: 9, name: 'Ceramiche Aurora' };
const nordwerk = { id: 5, company: 9, name: 'Keramik Nordwerk' };
const proposing = { office: false, editing: false, search: '', chosen: null };

describe("a proposal's organiser", () => {
  it("is the company's one exhibitor when it has no other choice", () => {
    expect(soleOrganiser([aurora], proposing)).toBe(aurora);
  });

  it('is left to the proposer among several, or none', () => {
    expect(soleOrganiser([aurora, nordwerk], proposing)).toBeNull();
    expect(soleOrganiser([], proposing)).toBeNull();
  });

  it('is never imposed on the press office, on an event saved, during a search or over a choice made', () => {
    expect(soleOrganiser([aurora], { ...proposing, office: true })).toBeNull();
    expect(soleOrganiser([aurora], { ...proposing, editing: true })).toBeNull();
    expect(soleOrganiser([aurora], { ...proposing, search: 'aur' })).toBeNull();
    expect(soleOrganiser([aurora], { ...proposing, chosen: nordwerk })).toBe(null);
  });
});
