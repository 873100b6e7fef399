import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import type { LocalizedText } from '@pressroom/contract';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useFormState } from 'react-hook-form';
import { translateMessage } from '../lib/i18n/contract-messages.ts';
import { type Language, languageNames, languages } from '../lib/i18n/languages.ts';
import { FormTextField } from './form-fields.tsx';

/** Every language with an empty text, as the forms start (react-hook-form wants defined values). */
export const emptyLocalized = (): Record<Language, string> =>
  Object.fromEntries(languages.map((language) => [language, ''])) as Record<Language, string>;

/** A stored text per language as form values (missing languages empty). */
export const localizedValues = (text: Record<string, string> | undefined): Record<Language, string> => ({
  ...emptyLocalized(),
  ...Object.fromEntries(
    Object.entries(text ?? {}).filter(([key]) => (languages as readonly string[]).includes(key)),
  ),
});

/** Only the filled languages, trimmed, as the API takes them. */
export const filledLocalized = (values: Record<string, string>): LocalizedText =>
  Object.fromEntries(
    Object.entries(values)
      .map(([language, text]) => [language, text.trim()])
      .filter(([, text]) => text.length > 0),
  ) as LocalizedText;

/**
 * One text field per interface language (the interface's own language first), e.g. a category's name. The
 * message of the whole group (at least one language is required) shows under the fields.
 */
export function LocalizedFields<Values extends FieldValues>({
  control,
  name,
  label,
  first,
  multiline,
  testId,
}: {
  control: Control<Values>;
  name: FieldPath<Values>;
  /** The field's label with the language, e.g. "Name (English)". */
  label: (languageName: string) => string;
  /** The interface language, shown first. */
  first: string;
  multiline?: boolean;
  testId?: string;
}) {
  const { errors } = useFormState({ control, name });
  const groupError = name
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors) as
    | { message?: string }
    | undefined;
  const ordered = [...languages].sort((a, b) => Number(b === first) - Number(a === first));
  return (
    <Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {ordered.map((language) => (
          <FormTextField
            key={language}
            control={control}
            name={`${name}.${language}` as FieldPath<Values>}
            label={label(languageNames[language])}
            size="small"
            multiline={multiline}
            minRows={multiline ? 2 : undefined}
            slotProps={{
              htmlInput: {
                lang: language,
                dir: 'auto',
                'data-testid': testId ? `${testId}-${language}` : undefined,
              },
            }}
          />
        ))}
      </Box>
      {groupError?.message && (
        <FormHelperText error role="alert">
          {translateMessage(groupError.message)}
        </FormHelperText>
      )}
    </Box>
  );
}
