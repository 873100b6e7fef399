import type { DirectoryEntry } from '@pressroom/contract';
import { describe, expect, it } from 'vitest';
import {
  activeFilters,
  directoryParams,
  filtersFromParams,
  groupByInitial,
  initialOf,
} from './directory-view.ts';

const entry = (id: number, name: string): DirectoryEntry => ({
  id,
  company: { id, name, country: 'IT' },
  category: null,
  stands: [{ hall: '5', stand: `A${id}` }],
  brands: [],
  logo_url: null,
  news: false,
});

describe('the A-Z index of the directory', () => {
  it('files a name under its first letter without accents, and anything else under #', () => {
    expect(['Émilia', 'öko', 'Zeta', ' Àrgilla', '3D Surfaces', 'Ελληνικά', ''].map(initialOf)).toEqual([
      'E',
      'O',
      'Z',
      'A',
      '#',
      '#',
      '#',
    ]);
  });

  it("groups the server's sorted entries under their letters, keeping its order", () => {
    const groups = groupByInitial([
      entry(1, '3D Surfaces'),
      entry(2, 'Ceramiche Émilia'),
      entry(3, 'Cotto Rosso'),
      entry(4, 'Öko Fliesen'),
      entry(5, 'Ortensia'),
    ]);
    expect(groups.map((group) => [group.letter, group.entries.map((found) => found.id)])).toEqual([
      ['#', [1]],
      ['C', [2, 3]],
      ['O', [4, 5]],
    ]);
    expect(groupByInitial([])).toEqual([]);
  });
});

describe("the directory's address", () => {
  it('reads the filters a shared address names, and asks the server for the same view', () => {
    const filters = filtersFromParams(
      new URLSearchParams('search=%20lastra%20&hall=6&category=design&country=de&news=true&letter=o&page=2'),
    );
    expect(filters).toEqual({
      search: 'lastra',
      hall: '6',
      category: 'design',
      country: 'DE',
      news: true,
      letter: 'O',
      page: 2,
    });
    expect(directoryParams(filters, 24)).toEqual({
      search: 'lastra',
      hall: '6',
      category: 'design',
      country: 'DE',
      news: 'true',
      letter: 'O',
      page: 2,
      page_size: 24,
    });
  });

  it('leaves out what no filter could be, so a hand-edited address still shows the directory', () => {
    expect(
      filtersFromParams(new URLSearchParams('category=pottery&country=Italy&letter=AB&page=-3&news=maybe')),
    ).toEqual({ search: '', hall: '', category: '', country: '', news: false, letter: '', page: 1 });
    expect(directoryParams(filtersFromParams(new URLSearchParams()), 24)).toEqual({
      search: undefined,
      hall: undefined,
      category: undefined,
      country: undefined,
      news: undefined,
      letter: undefined,
      page: 1,
      page_size: 24,
    });
  });
});

describe("the directory's active filters", () => {
  it('counts hall, category, country, news and letter, not the search', () => {
    const none = filtersFromParams(new URLSearchParams('search=aurora'));
    expect(activeFilters(none)).toBe(0);
    expect(activeFilters(filtersFromParams(new URLSearchParams('hall=5&news=true&letter=c&search=x')))).toBe(
      3,
    );
    expect(
      activeFilters(
        filtersFromParams(new URLSearchParams('hall=5&category=design&country=it&news=true&letter=A')),
      ),
    ).toBe(5);
  });
});
