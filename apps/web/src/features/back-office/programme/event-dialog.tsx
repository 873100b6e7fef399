import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
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
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  type Language,
  type ProgrammeEvent,
  programmeEventCreateSchema,
  programmeEventProposeSchema,
  programmeEventTypes,
  programmeEventUpdateSchema,
  programmeLimits,
} from '@pressroom/contract';
import { useId, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectField, FormTextField } from '../../../components/form-fields.tsx';
import { emptyLocalized, LocalizedFields, localizedValues } from '../../../components/localized-fields.tsx';
import { SpokenLanguagesField } from '../../../components/spoken-languages-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { translateMessage } from '../../../lib/i18n/contract-messages.ts';
import { wallTime } from '../../../lib/zoned-time.ts';
import { EventExhibitorField } from './event-exhibitor-field.tsx';
import {
  changes,
  type Edition,
  type EventBody,
  type EventForm,
  type FormField,
  formFields,
  markedOf,
  toBody,
} from './event-form-values.ts';
import { EventLinksFields } from './event-links-fields.tsx';
import { typeKeys } from './event-parts.ts';
import { programmeAdminApi } from './programme-api.ts';

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
            <EventExhibitorField form={form} edition={edition} event={event} office={office} />
            <EventLinksFields form={form} event={event} />
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
