import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import {
  type CoverageCreate,
  type CoverageCreateInput,
  coverageCreateSchema,
  coverageLimits,
  mediaTypes,
  type Profile,
  type PublicCoverageFilters,
} from '@pressroom/contract';
import { useMemo, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormCountryField } from '../../../components/country-field.tsx';
import { FormSelectField, FormTextField } from '../../../components/form-fields.tsx';
import { NeedsConnectionNote } from '../../../components/needs-connection.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { useOnline } from '../../../lib/connection.ts';
import { translateMessage } from '../../../lib/i18n/contract-messages.ts';
import { notify } from '../../../lib/notifications.ts';
import { coverageApi } from '../api.ts';
import { languageCodes, languageOptions, today } from '../coverage-view.ts';
import { ReportClippingField } from './report-clipping-field.tsx';
import { ReportCoversSection } from './report-covers-section.tsx';

const serverFields = [
  'url',
  'title',
  'outlet',
  'published_on',
  'language',
  'country',
  'media_type',
  'reach',
  'edition',
  'releases',
  'exhibitors',
] as const;

type ServerField = (typeof serverFields)[number];

/** The piece as reported: its address, title, outlet, date, language, country, media type and reach. */
export function ReportForm({
  office,
  filters,
  pressData,
  onClose,
  onDone,
}: {
  office: boolean;
  filters: PublicCoverageFilters;
  pressData: Profile | null;
  onClose: () => void;
  onDone: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const { control, handleSubmit, setError, setValue, formState } = useForm<
    CoverageCreateInput,
    unknown,
    CoverageCreate
  >({
    resolver: zodResolver(coverageCreateSchema) as Resolver<CoverageCreateInput, unknown, CoverageCreate>,
    mode: 'onTouched',
    defaultValues: {
      url: '',
      title: '',
      outlet: pressData?.newspaper ?? '',
      published_on: '',
      language: '',
      country: pressData?.country ?? '',
      media_type: pressData?.media_type ?? (undefined as unknown as 'website'),
      reach: pressData?.printing_copies ?? null,
      edition: filters.editions[0]?.id ?? null,
      releases: [],
      exhibitors: [],
      show_name: false,
    },
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [clipping, setClipping] = useState<File | null>(null);
  const languages = useMemo(() => languageOptions(languageCodes(), i18n.language), [i18n.language]);

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    let created: Awaited<ReturnType<typeof coverageApi.report>>;
    try {
      created = await coverageApi.report(values, office);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 400 || error.status === 409)) {
        const leftOver: string[] = [];
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          if ((serverFields as readonly string[]).includes(field))
            setError(field as ServerField, { type: 'server', message });
          else leftOver.push(message);
        }
        // The 409 names the piece first reported: said beside the address and above the form.
        setProblem(
          error.generalMessage ?? leftOver[0] ?? (error.status === 409 ? apiErrorMessage(error) : null),
        );
      } else {
        setProblem(apiErrorMessage(error));
      }
      return;
    }
    if (clipping) {
      try {
        await coverageApi.attachClipping(created.id, clipping, i18n.language);
      } catch (error) {
        notify.error(t('coverage.report.clippingFailed', { message: apiErrorMessage(error) }));
      }
    }
    notify.success(t(office ? 'coverage.report.added' : 'coverage.report.sent'));
    await onDone();
  });

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="coverage-form">
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {problem && (
            <Alert severity="error" data-testid="coverage-form-problem">
              <span dir="auto">{problem}</span>
            </Alert>
          )}
          <FormTextField
            control={control}
            name="url"
            type="url"
            label={t('coverage.form.url')}
            helperText={t('coverage.form.urlHelp')}
            required
            size="small"
            slotProps={{
              htmlInput: { maxLength: coverageLimits.url, dir: 'ltr', 'data-testid': 'coverage-url' },
            }}
          />
          <FormTextField
            control={control}
            name="title"
            label={t('coverage.form.title')}
            required
            size="small"
            slotProps={{
              htmlInput: { maxLength: coverageLimits.title, dir: 'auto', 'data-testid': 'coverage-title' },
            }}
          />
          <Box
            sx={{
              display: 'grid',
              gap: 2.5,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            <FormTextField
              control={control}
              name="outlet"
              label={t('coverage.form.outlet')}
              required
              size="small"
              slotProps={{
                htmlInput: {
                  maxLength: coverageLimits.outlet,
                  dir: 'auto',
                  'data-testid': 'coverage-outlet',
                },
              }}
            />
            <FormTextField
              control={control}
              name="published_on"
              type="date"
              label={t('coverage.form.publishedOn')}
              required
              size="small"
              sx={(theme: Theme) => ({ '& input': { colorScheme: theme.palette.mode } })}
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { max: today(), 'data-testid': 'coverage-published-on' },
              }}
            />
            <Controller
              control={control}
              name="language"
              render={({ field, fieldState }) => (
                <Autocomplete
                  options={languages}
                  value={languages.find((option) => option.value === field.value) ?? null}
                  onChange={(_event, option) => field.onChange(option?.value ?? '')}
                  onBlur={field.onBlur}
                  getOptionLabel={(option) => option.label}
                  isOptionEqualToValue={(option, chosen) => option.value === chosen.value}
                  autoHighlight
                  autoSelect
                  size="small"
                  data-testid="coverage-language"
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      inputRef={field.ref}
                      name={field.name}
                      required
                      label={t('coverage.form.language')}
                      error={Boolean(fieldState.error)}
                      helperText={translateMessage(fieldState.error?.message)}
                    />
                  )}
                />
              )}
            />
            <FormCountryField
              control={control}
              name="country"
              label={t('coverage.form.country')}
              required
              size="small"
            />
            <FormSelectField
              control={control}
              name="media_type"
              label={t('coverage.form.mediaType')}
              required
              size="small"
              options={mediaTypes.map((value) => ({ value, label: t(`mediaType.${value}`) }))}
              slotProps={{ htmlInput: { 'data-testid': 'coverage-media-type' } }}
            />
            <FormTextField
              control={control}
              name="reach"
              label={t('coverage.form.reach')}
              helperText={t('coverage.form.reachHelp')}
              optional
              size="small"
              parse={(raw) => (raw.trim() === '' ? null : Number(raw.replace(/[\s.,']/g, '')))}
              slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'coverage-reach' } }}
            />
          </Box>
          <ReportCoversSection
            control={control}
            setValue={setValue}
            formState={formState}
            editions={filters.editions}
          />
          <ReportClippingField clipping={clipping} onChange={setClipping} />
          {!office && (
            <Controller
              control={control}
              name="show_name"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={field.value === true}
                      onChange={(event) => field.onChange(event.target.checked)}
                      slotProps={{ input: { 'data-testid': 'coverage-show-name' } as object }}
                    />
                  }
                  label={t('coverage.form.showName')}
                />
              )}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <NeedsConnectionNote id="coverage-needs-connection" />
        <Button onClick={onClose}>{t('coverage.report.cancel')}</Button>
        <Button
          type="submit"
          variant="contained"
          disabled={formState.isSubmitting || !online}
          aria-describedby={online ? undefined : 'coverage-needs-connection'}
          data-testid="coverage-send"
        >
          {formState.isSubmitting ? t('coverage.report.sending') : t('coverage.report.send')}
        </Button>
      </DialogActions>
    </Box>
  );
}
