import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { Choice } from '../api.ts';

/** Several releases or exhibitors chosen by name: typing asks the server, each chosen one shows as a chip. */
export function ChoicesField({
  label,
  help,
  options,
  loading,
  value,
  onSearch,
  onChange,
  error,
  testId,
}: {
  label: string;
  help: string;
  options: Choice[];
  loading: boolean;
  value: Choice[];
  onSearch: (text: string) => void;
  onChange: (value: Choice[]) => void;
  error?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      onChange={(_event, chosen) => onChange(chosen)}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input') onSearch(text);
      }}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      filterSelectedOptions
      filterOptions={(shown) => shown}
      loading={loading}
      loadingText={t('app.loading')}
      noOptionsText={t('coverage.form.nothingFound')}
      size="small"
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest} dir="auto">
            {option.name}
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={`${label} (${t('app.optional')})`}
          helperText={error ?? help}
          error={Boolean(error)}
        />
      )}
      data-testid={testId}
    />
  );
}
