import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session.ts';
import { releaseCompaniesQuery } from '../api/company-api.ts';
import type { CompanyFilter as Filter } from '../api/public-list.ts';

const encode = (filter: Filter) =>
  filter.company ? `company:${filter.company}` : filter.brand ? `brand:${filter.brand}` : '';

function decode(value: string): Filter {
  const [kind, id] = value.split(':');
  const number = Number(id) || null;
  return { company: kind === 'company' ? number : null, brand: kind === 'brand' ? number : null };
}

/**
 * Home's filter by member company or brand: the companies with releases on the site, each followed by its
 * brands. A native select: light enough for the first page, and every device's own picker.
 */
export function CompanyFilter({
  groupId,
  value,
  onChange,
}: {
  groupId: number | undefined;
  value: Filter;
  onChange: (filter: Filter) => void;
}) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const id = useId();
  const companies = useQuery(releaseCompaniesQuery(groupId, user !== null));
  const options = companies.data?.results ?? [];
  if (options.length === 0 && !value.company && !value.brand) return null;
  const count = new Intl.NumberFormat(i18n.language);
  return (
    <FormControl size="small" sx={{ minWidth: 220, maxWidth: { sm: 320 } }}>
      <InputLabel htmlFor={id} shrink>
        {t('pressReleases.companyFilter')}
      </InputLabel>
      <NativeSelect
        value={encode(value)}
        onChange={(event) => onChange(decode(event.target.value))}
        input={<OutlinedInput label={t('pressReleases.companyFilter')} notched />}
        inputProps={{ id }}
      >
        <option value="">{t('pressReleases.allCompanies')}</option>
        {options.map((company) => [
          <option key={`company-${company.id}`} value={`company:${company.id}`}>
            {t('pressReleases.companyOption', { name: company.name, count: count.format(company.count) })}
          </option>,
          ...company.brands.map((brand) => (
            <option key={`brand-${company.id}-${brand.id}`} value={`brand:${brand.id}`}>
              {t('pressReleases.brandOption', { name: brand.name })}
            </option>
          )),
        ])}
      </NativeSelect>
    </FormControl>
  );
}
