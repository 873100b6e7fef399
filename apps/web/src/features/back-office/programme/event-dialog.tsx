import { zodResolver } from '@hookform/resolvers/zod';
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
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  type Language,
  type ProgrammeEvent,
  type ProgrammeEventList,
  type ProgrammeEventType,
  pickLocalized,
  programmeEventCreateSchema,
  programmeEventProposeSchema,
  programmeEventTypes,
  programmeEventUpdateSchema,
  programmeLimits,
} from '@pressroom/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectField, FormTextField } from '../../../components/form-fields.tsx';
import {
  emptyLocalized,
  filledLocalized,
  LocalizedFields,
  localizedValues,
} from '../../../components/localized-fields.tsx';
import { SpokenLanguagesField } from '../../../components/spoken-languages-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { translateMessage } from '../../../lib/i18n/contract-messages.ts';
import { useSession } from '../../../lib/session.ts';
import { useSiteGroup } from '../../../lib/site.ts';
import { wallTime, zonedInstant } from '../../../lib/zoned-time.ts';
import { soleOrganiser, typeKeys } from './event-parts.ts';
import { LinksPicker } from './links-picker.tsx';
import {
  exhibitorPickQuery,
  galleryPickQuery,
  type LinkChoice,
  programmeAdminApi,
  releasePickQuery,
} from './programme-api.ts';

type Edition = NonNullable<ProgrammeEventList['edition']>;

/** The form as typed: every language's text, the times as the fair's wall-clock times. */
interface EventForm {
  edition: number;
  exhibitor: number | null;
  type: ProgrammeEventType;
  title: Record<Language, string>;
  description: Record<Language, string>;
  starts_at: string;
  ends_at: string;
  hall: string;
  room: string;
  stand: string;
  languages: Language[];
  capacity: number | null;
  signup_required: boolean;
  releases: number[];
  galleries: number[];
  releases_at_start: number[];
  galleries_at_start: number[];
}

const formFields = [
  'exhibitor',
  'type',
  'title',
  'description',
  'starts_at',
  'ends_at',
  'hall',
  'room',
  'stand',
  'languages',
  'capacity',
  'signup_required',
  'releases',
  'galleries',
  'releases_at_start',
  'galleries_at_start',
] as const;
type FormField = (typeof formFields)[number];

/** The body the form sends: what the server will receive, judged by the contract's schema. */
function toBody(values: EventForm, timeZone: string) {
  return {
    ...values,
    title: filledLocalized(values.title),
    description: filledLocalized(values.description),
    starts_at: zonedInstant(values.starts_at, timeZone),
    ends_at: zonedInstant(values.ends_at, timeZone),
  };
}

type EventBody = ReturnType<typeof toBody>;

/** The links marked "released at the start". */
const markedOf = (links: { id: number; at_start: boolean }[]) =>
  links.filter((link) => link.at_start).map((link) => link.id);

/** The fields of an edit that differ from the event as it is: a PATCH names only those. */
function changes(body: Record<string, unknown>, event: ProgrammeEvent): Record<string, unknown> {
  const before: Record<string, unknown> = {
    exhibitor: event.organiser.exhibitor?.id ?? null,
    type: event.type,
    title: event.title,
    description: event.description,
    starts_at: new Date(event.starts_at).toISOString(),
    ends_at: new Date(event.ends_at).toISOString(),
    hall: event.place.hall,
    room: event.place.room,
    stand: event.place.stand,
    languages: event.languages,
    capacity: event.capacity,
    signup_required: event.signup_required,
    releases: event.releases.map((release) => release.id),
    galleries: event.galleries.map((gallery) => gallery.id),
    releases_at_start: markedOf(event.releases),
    galleries_at_start: markedOf(event.galleries),
  };
  const same = (a: unknown, b: unknown) =>
    JSON.stringify(a, a && typeof a === 'object' && !Array.isArray(a) ? Object.keys(a).sort() : undefined) ===
    JSON.stringify(b, b && typeof b === 'object' && !Array.isArray(b) ? Object.keys(b).sort() : undefined);
  return Object.fromEntries(
    formFields
      .filter((field) => field in body && !same(body[field], before[field]))
      .map((field) => [field, body[field]]),
  );
}

/**
 * A new event (the press office's: approved at once; a company's administrator's: a proposal), or a change
 * to one; each language's title and description, the times at the fair's hour.
 */
export function EventDialog({
  edition,
  event,
  office,
  onClose,
  onSaved,
}: {
  edition: Edition;
  event: ProgrammeEvent | null;
  office: boolean;
  onClose: () => void;
  onSaved: (message: string) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { user } = useSession();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const zone = edition.time_zone;
  const schema = event
    ? programmeEventUpdateSchema
    : office
      ? programmeEventCreateSchema
      : programmeEventProposeSchema;
  const resolver: Resolver<EventForm> = (values, context, options) =>
    zodResolver(schema)(toBody(values, zone), context, options as never) as never;
  const form = useForm<EventForm>({
    resolver,
    defaultValues: {
      edition: edition.id,
      exhibitor: event?.organiser.exhibitor?.id ?? null,
      type: event?.type ?? 'press_conference',
      title: event ? localizedValues(event.title) : emptyLocalized(),
      description: event ? localizedValues(event.description) : emptyLocalized(),
      starts_at: event ? wallTime(event.starts_at, zone) : '',
      ends_at: event ? wallTime(event.ends_at, zone) : '',
      hall: event?.place.hall ?? '',
      room: event?.place.room ?? '',
      stand: event?.place.stand ?? '',
      languages: (event?.languages as Language[] | undefined) ?? [],
      capacity: event?.capacity ?? null,
      signup_required: event?.signup_required ?? true,
      releases: event?.releases.map((release) => release.id) ?? [],
      galleries: event?.galleries.map((gallery) => gallery.id) ?? [],
      releases_at_start: event ? markedOf(event.releases) : [],
      galleries_at_start: event ? markedOf(event.galleries) : [],
    },
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [exhibitor, setExhibitor] = useState<{ id: number; company: number; name: string } | null>(
    event?.organiser.exhibitor ?? null,
  );
  const exhibitors = useQuery(exhibitorPickQuery(edition.id, search));
  const site = useSiteGroup();
  const [releaseSearch, setReleaseSearch] = useState('');
  const releaseChoices = useQuery(releasePickQuery(site.data?.id, releaseSearch, i18n.language));
  const galleryChoices = useQuery(galleryPickQuery(i18n.language));
  // What is chosen keeps its title to show as a chip, whatever the current search offers.
  const [chosenReleases, setChosenReleases] = useState<LinkChoice[]>(event?.releases ?? []);
  const [chosenGalleries, setChosenGalleries] = useState<LinkChoice[]>(
    (event?.galleries ?? []).map((gallery) => ({
      id: gallery.id,
      title: pickLocalized(gallery.title, i18n.language),
    })),
  );
  // A company's administrator proposes for their own company's exhibitor only (the server checks it too).
  const exhibitorOptions = (exhibitors.data ?? []).filter(
    (option) => office || option.company === user?.company_id,
  );
  const sole = soleOrganiser(exhibitorOptions, {
    office,
    editing: event !== null,
    search,
    chosen: exhibitor,
  });
  useEffect(() => {
    if (!sole) return;
    setExhibitor(sole);
    form.setValue('exhibitor', sole.id, { shouldValidate: form.formState.isSubmitted });
  }, [sole, form]);
  const limits = {
    min: `${edition.starts_on.slice(0, 10)}T00:00`,
    max: `${edition.ends_on.slice(0, 10)}T23:59`,
  };

  // The resolver hands over the body as the contract's schema read it: times as instants, filled languages.
  const save = form.handleSubmit(async (values) => {
    const body = values as unknown as EventBody;
    setProblem(null);
    try {
      if (event) {
        const patch = changes(body, event);
        if (Object.keys(patch).length > 0) await programmeAdminApi.update(event.id, patch);
        await onSaved(t('programmeAdmin.saved'));
      } else if (office) {
        await programmeAdminApi.create(body);
        await onSaved(t('programmeAdmin.added'));
      } else {
        const { edition: _edition, ...proposal } = body;
        await programmeAdminApi.propose({ ...proposal, exhibitor: proposal.exhibitor as number });
        await onSaved(t('programmeAdmin.proposed'));
      }
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) {
        const known = Object.entries(failure.fieldErrors).filter(([name]) =>
          (formFields as readonly string[]).includes(name),
        );
        for (const [name, message] of known) form.setError(name as FormField, { type: 'server', message });
        if (known.length === 0) setProblem(apiErrorMessage(failure));
      } else {
        setProblem(apiErrorMessage(failure));
      }
    }
  });

  const timeField = (name: 'starts_at' | 'ends_at', label: string) => (
    <FormTextField
      control={form.control}
      name={name}
      label={label}
      type="datetime-local"
      required
      size="small"
      helperText={t('programmeAdmin.form.zoneHelp', { zone })}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { ...limits, 'data-testid': `event-form-${name}` },
      }}
      sx={(theme: Theme) => ({ '& input': { colorScheme: theme.palette.mode } })}
    />
  );

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      maxWidth="md"
      fullWidth
      fullScreen={fullScreen}
    >
      <form onSubmit={save} noValidate>
        <DialogTitle id={`${id}-title`}>
          {t(
            event
              ? 'programmeAdmin.form.editTitle'
              : office
                ? 'programmeAdmin.form.addTitle'
                : 'programmeAdmin.form.proposeTitle',
            {
              edition: edition.name,
            },
          )}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {problem && (
              <Alert severity="error" data-testid="event-form-problem">
                {problem}
              </Alert>
            )}
            <FormSelectField
              control={form.control}
              name="type"
              label={t('programmeAdmin.form.type')}
              required
              size="small"
              options={programmeEventTypes.map((value) => ({ value, label: t(typeKeys[value]) }))}
              data-testid="event-form-type"
            />
            <LocalizedFields
              control={form.control}
              name="title"
              label={(language) => t('programmeAdmin.form.title', { language })}
              first={i18n.language}
              testId="event-form-title"
            />
            <LocalizedFields
              control={form.control}
              name="description"
              label={(language) => t('programmeAdmin.form.description', { language })}
              first={i18n.language}
              multiline
              testId="event-form-description"
            />
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {timeField('starts_at', t('programmeAdmin.form.startsAt'))}
              {timeField('ends_at', t('programmeAdmin.form.endsAt'))}
            </Box>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
              <FormTextField
                control={form.control}
                name="hall"
                label={t('programmeAdmin.form.hall')}
                required
                size="small"
                autoComplete="off"
                slotProps={{
                  htmlInput: { maxLength: programmeLimits.hall, 'data-testid': 'event-form-hall' },
                }}
              />
              <FormTextField
                control={form.control}
                name="room"
                label={t('programmeAdmin.form.room')}
                optional
                size="small"
                autoComplete="off"
                slotProps={{
                  htmlInput: { maxLength: programmeLimits.room, 'data-testid': 'event-form-room' },
                }}
              />
              <FormTextField
                control={form.control}
                name="stand"
                label={t('programmeAdmin.form.stand')}
                optional
                size="small"
                autoComplete="off"
                slotProps={{
                  htmlInput: { maxLength: programmeLimits.stand, 'data-testid': 'event-form-stand' },
                }}
              />
            </Box>
            <Controller
              control={form.control}
              name="exhibitor"
              render={({ field, fieldState }) => (
                <Autocomplete
                  options={exhibitorOptions}
                  value={exhibitor}
                  onChange={(_event, value) => {
                    setExhibitor(value);
                    field.onChange(value?.id ?? null);
                  }}
                  onInputChange={(_event, value, reason) => {
                    if (reason === 'input') setSearch(value);
                  }}
                  getOptionLabel={(option) => option.name}
                  isOptionEqualToValue={(option, value) => option.id === value.id}
                  filterOptions={(options) => options}
                  loading={exhibitors.isFetching}
                  loadingText={t('app.loading')}
                  noOptionsText={t('programmeAdmin.form.noExhibitor')}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      inputRef={field.ref}
                      required={!office}
                      size="small"
                      label={
                        office
                          ? `${t('programmeAdmin.form.exhibitor')} (${t('app.optional')})`
                          : t('programmeAdmin.form.exhibitor')
                      }
                      error={Boolean(fieldState.error)}
                      helperText={
                        translateMessage(fieldState.error?.message) ??
                        (office ? t('programmeAdmin.form.exhibitorHelp') : undefined)
                      }
                    />
                  )}
                  data-testid="event-form-exhibitor"
                />
              )}
            />
            <Controller
              control={form.control}
              name="releases"
              render={({ field }) => (
                <LinksPicker
                  label={t('programmeAdmin.form.releases')}
                  help={t('programmeAdmin.form.releasesHelp')}
                  options={releaseChoices.data ?? []}
                  value={chosenReleases}
                  onChange={(chosen) => {
                    setChosenReleases(chosen);
                    field.onChange(chosen.map((choice) => choice.id));
                  }}
                  atStart={form.watch('releases_at_start')}
                  onAtStartChange={(ids) =>
                    form.setValue('releases_at_start', ids, {
                      shouldDirty: true,
                      shouldValidate: form.formState.isSubmitted,
                    })
                  }
                  atStartError={translateMessage(form.formState.errors.releases_at_start?.message)}
                  onSearch={setReleaseSearch}
                  loading={releaseChoices.isFetching}
                  testId="event-form-releases"
                />
              )}
            />
            <Controller
              control={form.control}
              name="galleries"
              render={({ field }) => (
                <LinksPicker
                  label={t('programmeAdmin.form.galleries')}
                  help={t('programmeAdmin.form.galleriesHelp')}
                  options={galleryChoices.data ?? []}
                  value={chosenGalleries}
                  onChange={(chosen) => {
                    setChosenGalleries(chosen);
                    field.onChange(chosen.map((choice) => choice.id));
                  }}
                  atStart={form.watch('galleries_at_start')}
                  onAtStartChange={(ids) =>
                    form.setValue('galleries_at_start', ids, {
                      shouldDirty: true,
                      shouldValidate: form.formState.isSubmitted,
                    })
                  }
                  atStartError={translateMessage(form.formState.errors.galleries_at_start?.message)}
                  loading={galleryChoices.isFetching}
                  testId="event-form-galleries"
                />
              )}
            />
            <Box>
              <SpokenLanguagesField
                control={form.control}
                name="languages"
                label={t('programmeAdmin.form.languages')}
                testIdPrefix="event-form-language-"
              />
              {form.formState.errors.languages?.message && (
                <FormHelperText error role="alert">
                  {translateMessage(form.formState.errors.languages.message)}
                </FormHelperText>
              )}
            </Box>
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
                alignItems: 'start',
              }}
            >
              <Controller
                control={form.control}
                name="signup_required"
                render={({ field }) => (
                  <FormControlLabel
                    label={t('programmeAdmin.form.signupRequired')}
                    control={
                      <Checkbox
                        checked={field.value}
                        onChange={(change) => field.onChange(change.target.checked)}
                        slotProps={{ input: { 'data-testid': 'event-form-signup' } as object }}
                      />
                    }
                  />
                )}
              />
              <FormTextField
                control={form.control}
                name="capacity"
                label={t('programmeAdmin.form.capacity')}
                optional
                type="number"
                size="small"
                helperText={t('programmeAdmin.form.capacityHelp')}
                parse={(raw) => (raw.trim() === '' ? null : Number(raw))}
                slotProps={{
                  htmlInput: { min: 1, max: programmeLimits.capacity, 'data-testid': 'event-form-capacity' },
                }}
              />
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('programmeAdmin.back')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={form.formState.isSubmitting}
            data-testid="event-form-save"
          >
            {form.formState.isSubmitting
              ? t('backOffice.saving')
              : t(event ? 'backOffice.save' : office ? 'programmeAdmin.add' : 'programmeAdmin.propose')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
