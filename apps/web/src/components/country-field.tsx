import Autocomplete, { type AutocompleteProps } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../lib/i18n/contract-messages.ts';
import { type CountryOption, countryOptions, filterCountries } from './country-options.ts';

type CountryFieldProps = {
  /** A code, or empty. */
  value: string;
  onChange: (code: string) => void;
  onBlur?: () => void;
  name: string;
  label: string;
  optional?: boolean;
  required?: boolean;
  /** A field message key (contract) to show. */
  error?: string;
  /** Text typed before countries were codes that names none: shown until a country is chosen. */
  unmapped?: string;
  inputRef?: React.Ref<HTMLInputElement>;
} & Pick<AutocompleteProps<CountryOption, false, false, false>, 'size' | 'sx'>;

/**
 * A country chosen from the list, named in the interface language: typing narrows it whatever the case and
 * accents, arrows and Enter choose, leaving the field takes the highlighted country.
 */
export function CountryField({
  value,
  onChange,
  onBlur,
  name,
  label,
  optional,
  required,
  error,
  unmapped,
  inputRef,
  size,
  sx,
}: CountryFieldProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const options = useMemo(() => countryOptions(language), [language]);
  const selected = options.find((option) => option.code === value) ?? null;
  const hint = !value && unmapped ? t('messages.countryNotMapped', { text: unmapped }) : undefined;
  return (
    <Autocomplete
      options={options}
      value={selected}
      onChange={(_event, option) => onChange(option?.code ?? '')}
      onBlur={onBlur}
      getOptionLabel={(option) => option.name}
      getOptionKey={(option) => option.code}
      isOptionEqualToValue={(option, chosen) => option.code === chosen.code}
      filterOptions={(list, state) => filterCountries(list, state.inputValue)}
      autoHighlight
      autoSelect
      size={size}
      sx={sx}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          inputRef={inputRef}
          required={required}
          label={optional ? `${label} (${t('app.optional')})` : label}
          error={Boolean(error)}
          helperText={translateMessage(error) ?? hint}
        />
      )}
    />
  );
}

/** The country field bound to react-hook-form: the form value is the code ('' when none). */
export function FormCountryField<Values extends FieldValues>({
  control,
  name,
  ...props
}: { control: Control<Values>; name: FieldPath<Values> } & Omit<
  CountryFieldProps,
  'value' | 'onChange' | 'onBlur' | 'name' | 'error' | 'inputRef'
>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <CountryField
          {...props}
          name={field.name}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
