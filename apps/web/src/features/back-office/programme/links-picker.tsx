import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LinkChoice } from './programme-api.ts';

/**
 * Several releases or galleries chosen by title: typing searches, each one chosen shows as a chip its cross
 * removes. `onSearch` given, the options are the server's answer to what is typed; else they are filtered here.
 * Under the field, each chosen link has its box "released at the event's start" (`atStart` holds those ticked).
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
  atStart,
  onAtStartChange,
  atStartError,
}: {
  label: string;
  help: string;
  options: LinkChoice[];
  value: LinkChoice[];
  onChange: (value: LinkChoice[]) => void;
  onSearch?: (text: string) => void;
  loading: boolean;
  testId: string;
  atStart: number[];
  onAtStartChange: (ids: number[]) => void;
  atStartError?: string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Box>
      <Autocomplete
        multiple
        options={options}
        value={value}
        onChange={(_event, chosen) => {
          onChange(chosen);
          // A link taken off loses its mark.
          onAtStartChange(atStart.filter((id) => chosen.some((choice) => choice.id === id)));
        }}
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
      {value.length > 0 && (
        <Box
          role="group"
          aria-labelledby={headingId}
          sx={{ mt: 0.5, pl: 1.5 }}
          data-testid={`${testId}-at-start`}
        >
          <Typography id={headingId} variant="body2" color="text.secondary">
            {t('programmeAdmin.form.atStart')}
          </Typography>
          {value.map((choice) => (
            <FormControlLabel
              key={choice.id}
              sx={{ display: 'flex', mr: 0 }}
              control={
                <Checkbox
                  size="small"
                  checked={atStart.includes(choice.id)}
                  onChange={(event) =>
                    onAtStartChange(
                      event.target.checked
                        ? [...atStart, choice.id]
                        : atStart.filter((id) => id !== choice.id),
                    )
                  }
                />
              }
              label={
                <Typography variant="body2" dir="auto">
                  {choice.title}
                </Typography>
              }
            />
          ))}
          <FormHelperText error={Boolean(atStartError)} role={atStartError ? 'alert' : undefined}>
            {atStartError ?? t('programmeAdmin.form.atStartHelp')}
          </FormHelperText>
        </Box>
      )}
    </Box>
  );
}
