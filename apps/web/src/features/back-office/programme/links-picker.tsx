import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { LinkChoice } from './programme-api.ts';

/**
 * Several releases or galleries chosen by title: typing searches, each one chosen shows as a chip its cross
 * removes. `onSearch` given, the options are the server's answer to what is typed; else they are filtered here.
 */
export function LinksPicker({
  label,
  help,
  options,
  value,
  onChange,
  onSearch,
  loading,
  testId,
}: {
  label: string;
  help: string;
  options: LinkChoice[];
  value: LinkChoice[];
  onChange: (value: LinkChoice[]) => void;
  onSearch?: (text: string) => void;
  loading: boolean;
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
        if (reason === 'input') onSearch?.(text);
      }}
      getOptionLabel={(option) => option.title}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      filterSelectedOptions
      {...(onSearch ? { filterOptions: (shown: LinkChoice[]) => shown } : {})}
      loading={loading}
      loadingText={t('app.loading')}
      noOptionsText={t('programmeAdmin.form.noLink')}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest} dir="auto">
            {option.title}
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField {...params} size="small" label={`${label} (${t('app.optional')})`} helperText={help} />
      )}
      data-testid={testId}
    />
  );
}
