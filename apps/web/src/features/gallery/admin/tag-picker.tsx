import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchDelayMs } from '../../../lib/url-state.ts';
import { galleryAdminApi } from './api.ts';

interface Named {
  id: number;
  name: string;
}

/** The companies or brands an image shows: searched by name as one types, several at once. */
export function TagPicker({
  kind,
  label,
  value,
  onChange,
  testId,
}: {
  kind: 'companies' | 'brands';
  label: string;
  value: Named[];
  onChange: (value: Named[]) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed), searchDelayMs);
    return () => clearTimeout(timer);
  }, [typed]);
  const choices = useQuery({
    queryKey: ['gallery-tag-choices', kind, search],
    queryFn: ({ signal }) => galleryAdminApi.tagChoices(kind, search, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  return (
    <Autocomplete
      multiple
      options={choices.data ?? []}
      value={value}
      onChange={(_event, next) => onChange(next)}
      onInputChange={(_event, text) => setTyped(text)}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      getOptionLabel={(option) => option.name}
      filterOptions={(options) => options}
      loading={choices.isFetching}
      loadingText={t('app.loading')}
      noOptionsText={t('galleryAdmin.noTagChoices')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
          }}
        />
      )}
    />
  );
}
