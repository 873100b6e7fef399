import Box from '@mui/material/Box';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CoverageCreate, CoverageCreateInput, PublicCoverageFilters } from '@pressroom/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Control, FormState, UseFormSetValue } from 'react-hook-form';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/i18n/contract-messages.ts';
import { type ReleasePick, releasePickQuery } from '../../../lib/release-pick.ts';
import { useSiteGroup } from '../../../lib/site.ts';
import { type Choice, exhibitorChoicesQuery } from '../api.ts';
import { ChoicesField } from './choices-field.tsx';

/** The releases offered, as the choices field names them. */
const releasesAsChoices = (releases: ReleasePick[]): Choice[] =>
  releases.map((release) => ({ id: release.id, name: release.title }));

/** What the piece covers: the fair's edition, releases and exhibitors chosen by name. */
export function ReportCoversSection({
  control,
  setValue,
  formState,
  editions,
}: {
  control: Control<CoverageCreateInput, unknown, CoverageCreate>;
  setValue: UseFormSetValue<CoverageCreateInput>;
  formState: FormState<CoverageCreateInput>;
  editions: PublicCoverageFilters['editions'];
}) {
  const { t, i18n } = useTranslation();
  const edition = useWatch({ control, name: 'edition' });
  const [releases, setReleases] = useState<Choice[]>([]);
  const [exhibitors, setExhibitors] = useState<Choice[]>([]);
  const [releaseSearch, setReleaseSearch] = useState('');
  const [exhibitorSearch, setExhibitorSearch] = useState('');
  const site = useSiteGroup();
  const releaseChoices = useQuery({
    ...releasePickQuery(site.data?.id, releaseSearch, i18n.language),
    select: releasesAsChoices,
  });
  const exhibitorChoices = useQuery(exhibitorChoicesQuery(edition ?? null, exhibitorSearch));
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <FormLabel component="legend" sx={{ mb: 0.5 }}>
        {t('coverage.form.covers')}
      </FormLabel>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('coverage.form.coversHelp')}
      </Typography>
      <Stack spacing={2.5}>
        <Controller
          control={control}
          name="edition"
          render={({ field }) => (
            <TextField
              select
              size="small"
              label={t('coverage.edition')}
              name={field.name}
              inputRef={field.ref}
              value={field.value ?? ''}
              onChange={(event) => {
                field.onChange(event.target.value === '' ? null : Number(event.target.value));
                // The exhibitors are an edition's: another edition's choices no longer hold.
                setExhibitors([]);
                setValue('exhibitors', []);
              }}
              onBlur={field.onBlur}
              fullWidth
              slotProps={{ htmlInput: { 'data-testid': 'coverage-edition' } }}
            >
              <MenuItem value="">{t('coverage.form.noEdition')}</MenuItem>
              {editions.map((choice) => (
                <MenuItem key={choice.id} value={choice.id}>
                  {choice.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <ChoicesField
          label={t('coverage.form.releases')}
          help={t('coverage.form.releasesHelp')}
          options={releaseChoices.data ?? []}
          loading={releaseChoices.isFetching}
          value={releases}
          onSearch={setReleaseSearch}
          onChange={(chosen) => {
            setReleases(chosen);
            setValue(
              'releases',
              chosen.map((choice) => choice.id),
              { shouldValidate: formState.isSubmitted },
            );
          }}
          error={translateMessage(formState.errors.releases?.message)}
          testId="coverage-releases"
        />
        <ChoicesField
          label={t('coverage.form.exhibitors')}
          help={t('coverage.form.exhibitorsHelp')}
          options={exhibitorChoices.data ?? []}
          loading={exhibitorChoices.isFetching}
          value={exhibitors}
          onSearch={setExhibitorSearch}
          onChange={(chosen) => {
            setExhibitors(chosen);
            setValue(
              'exhibitors',
              chosen.map((choice) => choice.id),
              { shouldValidate: formState.isSubmitted },
            );
          }}
          error={translateMessage(formState.errors.exhibitors?.message)}
          testId="coverage-exhibitors"
        />
      </Stack>
    </Box>
  );
}
