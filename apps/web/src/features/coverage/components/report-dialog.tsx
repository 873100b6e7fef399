import { zodResolver } from '@hookform/resolvers/zod';
import AttachFile from '@mui/icons-material/AttachFile';
import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  type CoverageCreate,
  type CoverageCreateInput,
  clippingMaxBytes,
  coverageCreateSchema,
  coverageLimits,
  mediaTypes,
  type Profile,
  type PublicCoverageFilters,
} from '@pressroom/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState } from 'react';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormCountryField } from '../../../components/country-field.tsx';
import { FormSelectField, FormTextField } from '../../../components/form-fields.tsx';
import { NeedsConnectionNote } from '../../../components/needs-connection.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { useOnline } from '../../../lib/connection.ts';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { translateMessage } from '../../../lib/i18n/contract-messages.ts';
import { notify } from '../../../lib/notifications.ts';
import { useSiteGroup } from '../../../lib/site.ts';
import {
  type Choice,
  coverageApi,
  coverageFiltersQuery,
  exhibitorChoicesQuery,
  pressDataQuery,
  releaseChoicesQuery,
} from '../api.ts';
import { languageCodes, languageOptions, today } from '../coverage-view.ts';
import { clippingProblem } from './clipping.ts';

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

/**
 * Reports a published piece: a journalist's waits for the press office (their press data fills the outlet,
 * media type, country and reach), the office's own is published at once. The clipping, when given, follows
 * the piece in a second call (a file upload of its own).
 */
export function ReportDialog({
  office,
  onClose,
  onDone,
}: {
  office: boolean;
  onClose: () => void;
  onDone: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const filters = useQuery(coverageFiltersQuery());
  const pressData = useQuery({ ...pressDataQuery(), enabled: !office });
  const ready = filters.data && (office || pressData.data || pressData.isError);
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      maxWidth="md"
      fullWidth
      fullScreen={fullScreen}
      data-testid="coverage-report-dialog"
    >
      <DialogTitle id={`${id}-title`}>
        {t(office ? 'coverage.report.officeTitle' : 'coverage.report.title')}
      </DialogTitle>
      {filters.isError ? (
        <DialogContent>
          <Alert severity="error">{apiErrorMessage(filters.error, t('coverage.loadError'))}</Alert>
        </DialogContent>
      ) : !ready ? (
        <DialogContent>
          <Skeleton variant="rounded" height={360} />
        </DialogContent>
      ) : (
        <ReportForm
          office={office}
          filters={filters.data}
          pressData={pressData.data ?? null}
          onClose={onClose}
          onDone={onDone}
        />
      )}
    </Dialog>
  );
}

function ReportForm({
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
  const id = useId();
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
  const edition = useWatch({ control, name: 'edition' });
  const [problem, setProblem] = useState<string | null>(null);
  const [releases, setReleases] = useState<Choice[]>([]);
  const [exhibitors, setExhibitors] = useState<Choice[]>([]);
  const [releaseSearch, setReleaseSearch] = useState('');
  const [exhibitorSearch, setExhibitorSearch] = useState('');
  const [clipping, setClipping] = useState<File | null>(null);
  const [clippingError, setClippingError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const site = useSiteGroup();
  const releaseChoices = useQuery(releaseChoicesQuery(site.data?.id, releaseSearch, i18n.language));
  const exhibitorChoices = useQuery(exhibitorChoicesQuery(edition ?? null, exhibitorSearch));
  const languages = useMemo(() => languageOptions(languageCodes(), i18n.language), [i18n.language]);

  const chooseClipping = (file: File | undefined) => {
    if (!file) return;
    const problem = clippingProblem(file, i18n.language);
    setClippingError(problem);
    if (!problem) setClipping(file);
  };

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
                    {filters.editions.map((choice) => (
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
          <Box>
            <FormLabel id={`${id}-clipping`}>{t('coverage.form.clipping')}</FormLabel>
            <Typography variant="body2" color="text.secondary" id={`${id}-clipping-help`} sx={{ mb: 1 }}>
              {t('coverage.form.clippingHelp', { size: formatBytes(clippingMaxBytes, i18n.language) })}
            </Typography>
            <input
              ref={fileInput}
              type="file"
              accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
              hidden
              onChange={(event) => {
                chooseClipping(event.target.files?.[0]);
                event.target.value = '';
              }}
              data-testid="coverage-clipping-input"
            />
            {clipping ? (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography variant="body2" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
                  {clipping.name} · {formatBytes(clipping.size, i18n.language)}
                </Typography>
                <IconButton
                  size="small"
                  aria-label={t('coverage.form.removeClipping', { name: clipping.name })}
                  onClick={() => setClipping(null)}
                >
                  <Close fontSize="small" />
                </IconButton>
              </Box>
            ) : (
              <Button
                variant="outlined"
                startIcon={<AttachFile />}
                onClick={() => fileInput.current?.click()}
                aria-describedby={`${id}-clipping-help`}
                data-testid="coverage-clipping"
              >
                {t('coverage.form.chooseClipping')}
              </Button>
            )}
            {clippingError && (
              <FormHelperText error role="alert">
                {clippingError}
              </FormHelperText>
            )}
          </Box>
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

/** Several releases or exhibitors chosen by name: typing asks the server, each chosen one shows as a chip. */
function ChoicesField({
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
