import { describe, expect, it } from 'vitest';
import { withParams } from './url-state.ts';

describe('withParams', () => {
  it('sets the changed parameters and keeps the others in their order', () => {
    const next = withParams(new URLSearchParams('year=2025&q=tile'), { q: 'terracotta', page: 2 });
    expect(next.toString()).toBe('year=2025&q=terracotta&page=2');
  });

  it('removes a parameter set to null, an empty text or 0 (the first page)', () => {
    const next = withParams(new URLSearchParams('year=2025&q=tile&page=3&site=1'), {
      year: null,
      q: '',
      page: 0,
    });
    expect(next.toString()).toBe('site=1');
  });

  it('names the parameters with the prefix of a screen that has two lists', () => {
    const next = withParams(
      new URLSearchParams('rows-page=4&dry-page=2'),
      { outcome: 'error', page: null },
      'dry-',
    );
    expect(next.toString()).toBe('rows-page=4&dry-outcome=error');
  });

  it('leaves the parameters it was given unchanged', () => {
    const current = new URLSearchParams('q=tile');
    withParams(current, { q: null });
    expect(current.toString()).toBe('q=tile');
  });
});
