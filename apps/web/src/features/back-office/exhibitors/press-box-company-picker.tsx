import Autocomplete from '@mui/material/Autocomplete';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { companyPickQuery } from './exhibitors-api.ts';

export function CompanyPicker({
  chosen,
  source,
  onPick,
}: {
  chosen: { id: number; name: string } | null;
  source: 'companies' | 'releases';
  onPick: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [value, setValue] = useState(chosen);
  const companies = useQuery(companyPickQuery(search, source));
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
      <Autocomplete
        options={companies.data ?? []}
        value={value}
        onChange={(_event, picked) => {
          setValue(picked);
          onPick(picked?.id ?? null);
        }}
        onInputChange={(_event, value, reason) => {
          if (reason === 'input') setSearch(value);
        }}
        getOptionLabel={(option) => option.name}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        filterOptions={(options) => options}
        loading={companies.isFetching}
        loadingText={t('app.loading')}
        noOptionsText={t('backOffice.exhibitors.noCompany')}
        sx={{ maxWidth: 480 }}
        renderInput={(params) => (
          <TextField {...params} size="small" label={t('backOffice.pressBox.company')} />
        )}
        data-testid="press-box-company"
      />
    </Paper>
  );
}
