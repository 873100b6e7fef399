import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../lib/i18n/contract-messages.ts';

type FieldProps<Values extends FieldValues> = {
  control: Control<Values>;
  name: FieldPath<Values>;
  label: string;
  /** Shown after the label; the field may be left empty. */
  optional?: boolean;
  /** Turns the typed text into the form value (e.g. a number or null). */
  parse?: (raw: string) => unknown;
} & Omit<TextFieldProps, 'name' | 'label' | 'select'>;

/** A text field bound to react-hook-form; its message key (contract) is translated. */
export function FormTextField<Values extends FieldValues>({
  control,
  name,
  label,
  optional,
  parse,
  ...props
}: FieldProps<Values>) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          name={field.name}
          onBlur={field.onBlur}
          onChange={(event) => field.onChange(parse ? parse(event.target.value) : event.target.value)}
          value={field.value ?? ''}
          inputRef={field.ref}
          label={optional ? `${label} (${t('app.optional')})` : label}
          error={Boolean(fieldState.error)}
          helperText={translateMessage(fieldState.error?.message) ?? props.helperText}
          fullWidth
        />
      )}
    />
  );
}

/** A select of an enumeration, labels from the catalog (`<prefix>.<value>`). */
export function FormSelectField<Values extends FieldValues>({
  control,
  name,
  label,
  options,
  optional,
  parse: _parse,
  ...props
}: FieldProps<Values> & { options: readonly { value: string; label: string }[] }) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          select
          name={field.name}
          value={field.value ?? ''}
          onChange={(event) => field.onChange(event.target.value === '' ? null : event.target.value)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          label={optional ? `${label} (${t('app.optional')})` : label}
          error={Boolean(fieldState.error)}
          helperText={translateMessage(fieldState.error?.message)}
          fullWidth
        >
          {optional && (
            <MenuItem value="">
              <em>{t('signUp.noChoice')}</em>
            </MenuItem>
          )}
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** A password field with a show/hide button. */
export function FormPasswordField<Values extends FieldValues>(props: FieldProps<Values>) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <FormTextField
      {...props}
      type={shown ? 'text' : 'password'}
      slotProps={{
        ...props.slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                onClick={() => setShown((value) => !value)}
                aria-label={shown ? t('login.hidePassword') : t('login.showPassword')}
                aria-pressed={shown}
                edge="end"
              >
                {shown ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
