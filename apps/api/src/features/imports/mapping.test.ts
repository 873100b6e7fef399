import { describe, expect, it } from 'vitest';
import { suggestMapping } from './mapping.ts';

describe('mapping suggestions', () => {
  it('maps the English column names of an Access address book', () => {
    const { mapping } = suggestMapping([
      'ID',
      'CompanyName',
      'Address',
      'City',
      'State/Province',
      'PostalCode',
      'Country/Region',
      'Business Phone',
      'Fax Number',
      'VAT Number',
      'E-mail Address',
      'Web Page',
      'Notes',
    ]);
    expect(mapping).toEqual({
      business_name: 'CompanyName',
      address: 'Address',
      city: 'City',
      state: 'State/Province',
      postalCode: 'PostalCode',
      country: 'Country/Region',
      telephone: 'Business Phone',
      fax: 'Fax Number',
      vat: 'VAT Number',
      email: 'E-mail Address',
      website: 'Web Page',
      note: 'Notes',
    });
  });

  it('maps Italian names whatever their accents, case and punctuation', () => {
    const { mapping } = suggestMapping([
      'RAGIONE SOCIALE',
      'Sigla',
      'Via',
      'C.A.P.',
      'Città',
      'Prov.',
      'Nazione',
      'Telefono',
      'Fax',
      'Partita IVA',
      'E-mail',
      'Sito web',
      'Tipologia',
      'Associato',
    ]);
    expect(mapping).toEqual({
      business_name: 'RAGIONE SOCIALE',
      shortName: 'Sigla',
      address: 'Via',
      postalCode: 'C.A.P.',
      city: 'Città',
      state: 'Prov.',
      country: 'Nazione',
      telephone: 'Telefono',
      fax: 'Fax',
      vat: 'Partita IVA',
      email: 'E-mail',
      website: 'Sito web',
      typology: 'Tipologia',
      associationStatus: 'Associato',
    });
  });

  it('recognises public variants and gives each field to the first column only', () => {
    const { mapping, suggestions } = suggestMapping([
      'Nome',
      'Pub Città',
      'PubEmail',
      'Telefono',
      'Telefono 2',
      'Misc',
    ]);
    expect(mapping).toEqual({
      business_name: 'Nome',
      pubCity: 'Pub Città',
      pubEmail: 'PubEmail',
      telephone: 'Telefono',
    });
    expect(suggestions.get('Telefono 2')).toBeUndefined();
    expect(suggestions.get('Misc')).toBeUndefined();
  });
});
