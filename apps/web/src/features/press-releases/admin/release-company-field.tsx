import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { PressReleaseCompany } from '@pressroom/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchDelayMs } from '../../../lib/url-state.ts';
import { releaseCompanyChoicesQuery } from '../api/releases-api.ts';

interface Props {
  value: number | null;
  onChange: (companyId: number | null) => void;
  onBlur: () => void;
  /** The press office chooses any company; a company's editors always write for their own. */
  mayChoose: boolean;
  disabled: boolean;
  error?: string;
}

/** The company a release speaks for: searched by name for the press office, shown read-only to companies. */
export function ReleaseCompanyField({ value, onChange, onBlur, mayChoose, disabled, error }: Props) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<PressReleaseCompany | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed), searchDelayMs);
    return () => clearTimeout(timer);
  }, [typed]);

  // The current company's name: asked by id (a company's editors get their own whatever the id).
  const current = useQuery({
    ...releaseCompanyChoicesQuery(mayChoose ? { id: value ?? undefined } : {}),
    enabled: !mayChoose || (value !== null && picked?.id !== value),
  });
  const options = useQuery({
    ...releaseCompanyChoicesQuery({ search }),
    // The last answer stays while the next search runs, so the list does not blink empty.
    placeholderData: keepPreviousData,
    enabled: mayChoose && !disabled,
  });
  const selected =
    value === null
      ? null
      : picked?.id === value
        ? picked
        : (current.data?.find((row) => row.id === value) ?? null);

  if (!mayChoose) {
    return (
      <TextField
        label={t('pressReleases.admin.company')}
        value={current.data?.[0]?.name ?? t('pressReleases.admin.companyNone')}
        helperText={t('pressReleases.admin.companyOwnHelp')}
        disabled
        fullWidth
        slotProps={{ htmlInput: { 'data-testid': 'release-company' } }}
      />
    );
  }
  return (
    <Autocomplete
      options={options.data ?? []}
      value={selected}
      onChange={(_event, company) => {
        setPicked(company);
        onChange(company?.id ?? null);
      }}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input') setTyped(text);
      }}
      onBlur={onBlur}
      getOptionLabel={(company) => company.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      // The server searches; every option it returns matches.
      filterOptions={(all) => all}
      loading={options.isFetching}
      loadingText={t('app.loading')}
      noOptionsText={t('pressReleases.admin.companyNoMatch')}
      disabled={disabled}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('pressReleases.admin.company')}
          error={Boolean(error)}
          helperText={error ?? t('pressReleases.admin.companyHelp')}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'release-company' },
          }}
        />
      )}
    />
  );
}
