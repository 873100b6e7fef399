import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { type AlertFrequency, alertFrequencies, type Language, languages } from '@pressroom/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { languageNames } from '../../../lib/i18n/languages.ts';
import { useSiteGroup } from '../../../lib/site.ts';
import { followableQuery } from '../api/alerts-api.ts';

/** Languages of the releases to receive, in the order chosen (the mail is in the first the release has). */
export function LanguageChoice({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const helpId = useId();
  return (
    <FormControl component="fieldset" error={Boolean(error)}>
      <FormLabel component="legend">{t('alerts.languages')}</FormLabel>
      <FormGroup row aria-describedby={helpId}>
        {languages.map((language: Language) => (
          <FormControlLabel
            key={language}
            lang={language}
            control={
              <Checkbox
                checked={value.includes(language)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...value, language]
                      : value.filter((chosen) => chosen !== language),
                  )
                }
                slotProps={{ input: { 'data-testid': `alert-language-${language}` } as object }}
              />
            }
            label={languageNames[language]}
          />
        ))}
      </FormGroup>
      <FormHelperText id={helpId}>{error ?? t('alerts.languagesHelp')}</FormHelperText>
    </FormControl>
  );
}

export interface Followed {
  companies: number[];
  brands: number[];
}

interface Option {
  kind: 'company' | 'brand';
  id: number;
  name: string;
}

/** Member companies and brands to follow (none: every release), searched by name. */
export function FollowChoice({ value, onChange }: { value: Followed; onChange: (value: Followed) => void }) {
  const { t } = useTranslation();
  const site = useSiteGroup();
  const followable = useQuery(followableQuery(site.data?.id));
  const companies = followable.data?.results ?? [];
  const options: Option[] = [
    ...companies.map((company) => ({ kind: 'company' as const, id: company.id, name: company.name })),
    ...[...new Map(companies.flatMap((company) => company.brands).map((brand) => [brand.id, brand])).values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((brand) => ({ kind: 'brand' as const, id: brand.id, name: brand.name })),
  ];
  const selected = options.filter((option) =>
    (option.kind === 'company' ? value.companies : value.brands).includes(option.id),
  );
  return (
    <Autocomplete
      multiple
      options={options}
      value={selected}
      loading={followable.isPending}
      groupBy={(option) => (option.kind === 'company' ? t('alerts.companies') : t('alerts.brands'))}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.kind === chosen.kind && option.id === chosen.id}
      onChange={(_, chosen) =>
        onChange({
          companies: chosen.filter((option) => option.kind === 'company').map((option) => option.id),
          brands: chosen.filter((option) => option.kind === 'brand').map((option) => option.id),
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('alerts.follow')}
          helperText={t('alerts.followHelp')}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'alert-follow' },
          }}
        />
      )}
    />
  );
}

export function FrequencyChoice({
  value,
  onChange,
}: {
  value: AlertFrequency;
  onChange: (value: AlertFrequency) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <FormControl>
      <FormLabel id={labelId}>{t('alerts.frequency')}</FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        value={value}
        onChange={(event) => onChange(event.target.value as AlertFrequency)}
      >
        {alertFrequencies.map((frequency) => (
          <FormControlLabel
            key={frequency}
            value={frequency}
            control={
              <Radio slotProps={{ input: { 'data-testid': `alert-frequency-${frequency}` } as object }} />
            }
            label={t(`alerts.frequency_${frequency}`)}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
