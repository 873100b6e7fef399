import { describe, expect, it } from 'vitest';
import { fieldLabelKey, fieldsOf, mappingProblem, targetsFor } from './import-targets.ts';

describe('what the import wizard offers', () => {
  it('offers companies to the associated companies, coverage to the press office, both to an administrator', () => {
    expect(targetsFor(['company.manage', 'company.import'])).toEqual(['companies']);
    expect(targetsFor(['press_area.access', 'press_release.manage_all'])).toEqual(['coverage']);
    expect(targetsFor(['company.import', 'press_release.manage_all'])).toEqual(['companies', 'coverage']);
    expect(targetsFor(['press_area.access'])).toEqual([]);
  });

  it("maps a clipping service's columns to the eight coverage fields, with their own labels", () => {
    expect(fieldsOf('coverage')).toEqual([
      'url',
      'title',
      'outlet',
      'published_on',
      'language',
      'country',
      'media_type',
      'reach',
    ]);
    expect(fieldLabelKey('coverage', 'url')).toBe('backOffice.imports.coverageFields.url');
    expect(fieldLabelKey('companies', 'city')).toBe('backOffice.company.city');
  });

  it('asks for every coverage column but the reach, and for the business name of companies', () => {
    const full = {
      url: 'Address',
      title: 'Title',
      outlet: 'Outlet',
      published_on: 'Date',
      language: 'Language',
      country: 'Country',
      media_type: 'Media type',
    };
    expect(mappingProblem('coverage', full)).toBeNull();
    expect(mappingProblem('coverage', { ...full, published_on: undefined })).toBe('importCoverageUnmapped');
    expect(mappingProblem('companies', { city: 'Città' })).toBe('importBusinessNameUnmapped');
    expect(mappingProblem('companies', { business_name: 'Ragione sociale' })).toBeNull();
  });
});
