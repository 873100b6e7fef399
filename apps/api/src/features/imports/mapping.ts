import {
  type CompanyField,
  type CoverageImportField,
  type CoverageImportMapping,
  type ExhibitorImportField,
  type ExhibitorImportMapping,
  exhibitorImportFields,
  type ImportMapping,
  publicVariantOf,
} from '@pressroom/contract';

/** A column name reduced to letters and digits: "Ragione Sociale" -> "ragionesociale", "Città" -> "citta". */
function normalizeColumnName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

type RegisteredField = Exclude<CompanyField, keyof typeof publicVariantOf>;

/** Names seen in Italian and English address books and member lists, already normalised. */
const synonyms: Record<RegisteredField | 'website' | 'email', string[]> = {
  business_name: [
    'businessname',
    'companyname',
    'company',
    'ragionesociale',
    'ragsociale',
    'ragsoc',
    'denominazione',
    'denominazionesociale',
    'nomeazienda',
    'azienda',
    'ditta',
    'societa',
    'impresa',
    'name',
    'nome',
    'organization',
    'organisation',
  ],
  shortName: [
    'shortname',
    'nomebreve',
    'nomecorto',
    'sigla',
    'acronimo',
    'abbreviazione',
    'acronym',
    'brevename',
  ],
  address: ['address', 'indirizzo', 'via', 'street', 'streetaddress', 'addressline1', 'sede', 'sedelegale'],
  city: ['city', 'citta', 'comune', 'town', 'localita', 'municipality'],
  state: ['state', 'provincia', 'prov', 'province', 'region', 'regione', 'county', 'stateprovince'],
  country: ['country', 'nazione', 'paese', 'stato', 'countryregion', 'nation'],
  postalCode: ['postalcode', 'cap', 'zip', 'zipcode', 'postcode', 'codicepostale', 'codpostale'],
  telephone: ['telephone', 'phone', 'tel', 'telefono', 'phonenumber', 'businessphone', 'numeroditelefono'],
  fax: ['fax', 'faxnumber', 'telefax', 'numerofax'],
  vat: ['vat', 'vatnumber', 'vatno', 'vatid', 'vatcode', 'piva', 'partitaiva', 'iva', 'codiceiva', 'pi'],
  email: ['email', 'mail', 'emailaddress', 'postaelettronica', 'indirizzoemail'],
  website: ['website', 'web', 'sito', 'sitoweb', 'sitointernet', 'url', 'homepage', 'www', 'webpage'],
  note: ['note', 'notes', 'annotazioni', 'commenti', 'comments', 'osservazioni', 'remarks'],
  typology: ['typology', 'tipologia', 'type', 'tipo', 'categoria', 'category', 'settore'],
  associationStatus: [
    'associationstatus',
    'associato',
    'associata',
    'associati',
    'socio',
    'member',
    'membership',
    'statoassociativo',
    'associazione',
  ],
};

const publicPrefixes = ['pub', 'public', 'pubblico', 'pubblica', 'web'];

/** The company field a column name suggests, or null. Exact names win over prefixed public variants. */
function fieldForColumn(name: string): CompanyField | null {
  const normalized = normalizeColumnName(name);
  if (!normalized) return null;
  for (const [field, names] of Object.entries(synonyms) as [RegisteredField, string[]][]) {
    if (names.includes(normalized)) return field;
  }
  for (const prefix of publicPrefixes) {
    if (!normalized.startsWith(prefix) || normalized.length === prefix.length) continue;
    const rest = normalized.slice(prefix.length);
    for (const [publicField, registered] of Object.entries(publicVariantOf)) {
      if (synonyms[registered as RegisteredField]?.includes(rest)) return publicField as CompanyField;
    }
  }
  return null;
}

/**
 * Suggests a company field for each column: each field goes to the first column that names it, so two
 * "Telefono" columns do not both claim the telephone.
 */
export function suggestMapping(columns: string[]): {
  suggestions: Map<string, CompanyField>;
  mapping: ImportMapping;
} {
  const suggestions = new Map<string, CompanyField>();
  const mapping: ImportMapping = {};
  for (const column of columns) {
    const field = fieldForColumn(column);
    if (field && mapping[field] === undefined) {
      mapping[field] = column;
      suggestions.set(column, field);
    }
  }
  return { suggestions, mapping };
}

/** Names of an exhibitors list's columns, already normalised, beyond the company's own. */
const exhibitorSynonyms: Record<'hall' | 'stand' | 'category', string[]> = {
  hall: ['hall', 'padiglione', 'pad', 'halle', 'pavillon', 'pabellon', 'hallno', 'hallnumber'],
  stand: ['stand', 'stands', 'booth', 'standno', 'standnumber', 'numerostand', 'boothnumber', 'posteggio'],
  category: [
    'category',
    'categoria',
    'productcategory',
    'categoriaprodotto',
    'settore',
    'sector',
    'kategorie',
  ],
};

/**
 * Suggests an exhibitor field for each column: the company (business name, VAT number, city) as a company
 * import would, then hall, stand and category; each field goes to the first column that names it.
 */
export function suggestExhibitorMapping(columns: string[]): {
  suggestions: Map<string, ExhibitorImportField>;
  mapping: ExhibitorImportMapping;
} {
  const suggestions = new Map<string, ExhibitorImportField>();
  const mapping: ExhibitorImportMapping = {};
  for (const column of columns) {
    const normalized = normalizeColumnName(column);
    let field: ExhibitorImportField | undefined = (
      Object.entries(exhibitorSynonyms) as [ExhibitorImportField, string[]][]
    ).find(([, names]) => names.includes(normalized))?.[0];
    if (!field) {
      const companyField = fieldForColumn(column);
      if (companyField && (exhibitorImportFields as readonly string[]).includes(companyField)) {
        field = companyField as ExhibitorImportField;
      }
    }
    if (field && mapping[field] === undefined) {
      mapping[field] = column;
      suggestions.set(column, field);
    }
  }
  return { suggestions, mapping };
}

/** Names of a clipping service's columns, already normalised, in the seven languages. */
const coverageSynonyms: Record<CoverageImportField, string[]> = {
  url: [
    'url',
    'address',
    'link',
    'weblink',
    'articleurl',
    'indirizzo',
    'lien',
    'adresse',
    'enlace',
    'direccion',
  ],
  title: ['title', 'headline', 'titolo', 'titre', 'titulo', 'titel', 'uberschrift'],
  outlet: [
    'outlet',
    'publication',
    'source',
    'media',
    'testata',
    'fonte',
    'medium',
    'support',
    'medio',
    'quelle',
  ],
  published_on: ['date', 'publishedon', 'publicationdate', 'data', 'datapubblicazione', 'fecha', 'datum'],
  language: ['language', 'lang', 'lingua', 'langue', 'idioma', 'sprache'],
  country: ['country', 'paese', 'nazione', 'pays', 'pais', 'land'],
  media_type: [
    'mediatype',
    'type',
    'tipomedia',
    'tipo',
    'typedemedia',
    'tipodemedio',
    'medientyp',
    'medienart',
  ],
  reach: [
    'reach',
    'audience',
    'circulation',
    'readers',
    'diffusione',
    'lettori',
    'tirage',
    'alcance',
    'reichweite',
  ],
};

/** Suggests a coverage field for each column of a clipping service's export; each field goes to the first. */
export function suggestCoverageMapping(columns: string[]): {
  suggestions: Map<string, CoverageImportField>;
  mapping: CoverageImportMapping;
} {
  const suggestions = new Map<string, CoverageImportField>();
  const mapping: CoverageImportMapping = {};
  for (const column of columns) {
    const normalized = normalizeColumnName(column);
    const field = (Object.entries(coverageSynonyms) as [CoverageImportField, string[]][]).find(([, names]) =>
      names.includes(normalized),
    )?.[0];
    if (field && mapping[field] === undefined) {
      mapping[field] = column;
      suggestions.set(column, field);
    }
  }
  return { suggestions, mapping };
}
