import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { languageNames, languages } from '../lib/i18n/languages.ts';

/**
 * The languages a press contact speaks, one box per language named in its own words (a site's press contact
 * and an exhibitor's share the field); `testIdPrefix` gives each box a test id ending in its language code.
 */
export function SpokenLanguagesField<Values extends FieldValues>({
  control,
  name,
  label,
  testIdPrefix,
}: {
  control: Control<Values>;
  name: FieldPath<Values>;
  label: string;
  testIdPrefix?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const chosen = field.value as string[];
        return (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <FormLabel component="legend">{label}</FormLabel>
            <FormGroup row>
              {languages.map((code) => (
                <FormControlLabel
                  key={code}
                  label={<span lang={code}>{languageNames[code]}</span>}
                  control={
                    <Checkbox
                      checked={chosen.includes(code)}
                      onChange={(event) =>
                        field.onChange(
                          event.target.checked ? [...chosen, code] : chosen.filter((item) => item !== code),
                        )
                      }
                      slotProps={
                        testIdPrefix
                          ? { input: { 'data-testid': `${testIdPrefix}${code}` } as object }
                          : undefined
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
          </Box>
        );
      }}
    />
  );
}
