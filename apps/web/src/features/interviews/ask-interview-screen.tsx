import { zodResolver } from '@hookform/resolvers/zod';
import Add from '@mui/icons-material/Add';
import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type InterviewRequestCreateInput,
  interviewFormats,
  interviewRequestCreateSchema,
  type MyAccreditation,
  type PublicExhibitor,
} from '@pressroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { FormSelectField, FormTextField } from '../../components/form-fields.tsx';
import { NeedsConnectionNote } from '../../components/needs-connection.tsx';
import { Page } from '../../components/page.tsx';
import { paths } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { apiErrorMessage } from '../../lib/api-error-message.ts';
import { useOnline } from '../../lib/connection.ts';
import { translateMessage } from '../../lib/i18n/contract-messages.ts';
import { isLanguage, languageNames, languages } from '../../lib/i18n/languages.ts';
import { notify } from '../../lib/notifications.ts';
import { dayLimits, formatDayRange, zonedInstant, zoneName } from '../../lib/zoned-time.ts';
import { exhibitorQuery, interviewsApi, myAccreditationsQuery } from './api/interviews-api.ts';
import { dateTimeFieldSx } from './components/interview-parts.tsx';
import { type PreferredTimeProblem, preferredTimeProblems } from './preferred-time-checks.ts';

/** The form as typed: the preferred times as wall-clock times of the edition's zone in datetime-local fields. */
type AskForm = Omit<InterviewRequestCreateInput, 'preferred_times'> & { preferred_times: string[] };

/**
 * The contract's schema judges the request the server will receive: the typed times read in the edition's zone.
 * Each time outside the fair's days or already past is marked on its own field, in the reader's words.
 */
const askResolver =
  (
    edition: PublicExhibitor['edition'],
    messageOf: (problem: NonNullable<PreferredTimeProblem>) => string,
  ): Resolver<AskForm, unknown, InterviewRequestCreateInput> =>
  async (values, context, options) => {
    const result = await zodResolver(interviewRequestCreateSchema)(
      {
        ...values,
        preferred_times: values.preferred_times.map((time) => zonedInstant(time, edition.time_zone)),
      },
      context,
      options as never,
    );
    const problems = preferredTimeProblems(values.preferred_times, edition, new Date());
    if (problems.every((problem) => problem === null)) return result as never;
    const times: Record<string, unknown> = { ...result.errors.preferred_times };
    problems.forEach((problem, index) => {
      if (problem && !times[index]) times[index] = { type: 'fair', message: messageOf(problem) };
    });
    return { values: {}, errors: { ...result.errors, preferred_times: times } } as never;
  };

const serverFields = [
  'topic',
  'language',
  'format',
  'preferred_times',
  'message',
  'phone',
  'consent',
] as const;

/**
 * A journalist asks an exhibitor for an interview: topic, language, format, two or three times during the
 * fair, a phone number, and the consent to hand the exhibitor what it needs to answer. Only an accreditation
 * approved for the exhibitor's edition opens the form.
 */
export default function AskInterviewScreen() {
  const { t } = useTranslation();
  const exhibitorId = Number(useParams().id);
  const exhibitor = useQuery({ ...exhibitorQuery(exhibitorId), enabled: exhibitorId > 0 });
  const accreditations = useQuery(myAccreditationsQuery());
  const failed = exhibitor.error ?? accreditations.error;
  return (
    <Page title={t('interviews.ask.title')}>
      {failed ? (
        <Alert severity="error">{apiErrorMessage(failed, t('interviews.ask.loadError'))}</Alert>
      ) : !exhibitor.data || !accreditations.data ? (
        <Skeleton variant="rounded" height={320} />
      ) : (
        <AskFor exhibitor={exhibitor.data} accreditations={accreditations.data} />
      )}
    </Page>
  );
}

function AskFor({
  exhibitor,
  accreditations,
}: {
  exhibitor: PublicExhibitor;
  accreditations: MyAccreditation;
}) {
  const { t, i18n } = useTranslation();
  const { edition } = exhibitor;
  const accreditation = accreditations.requests.find(
    (request) => request.edition.id === edition.id && request.status === 'approved' && !request.expired,
  );
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Box>
        <Typography variant="h2" data-testid="interview-exhibitor" dir="auto">
          {exhibitor.company.name}
        </Typography>
        <Typography color="text.secondary" data-testid="interview-fair-days">
          {t('interviews.ask.fairDays', {
            edition: edition.name,
            days: formatDayRange(edition.starts_on, edition.ends_on, i18n.language),
          })}
        </Typography>
      </Box>
      {accreditation ? (
        <AskForm exhibitor={exhibitor} />
      ) : (
        <Alert
          severity="info"
          data-testid="interview-not-accredited"
          action={
            <Button component={RouterLink} to={paths.accreditation} color="inherit" size="small">
              {t('interviews.ask.accreditationAction')}
            </Button>
          }
        >
          {t('interviews.ask.notAccredited', { edition: edition.name })}
        </Alert>
      )}
    </Stack>
  );
}

function AskForm({ exhibitor }: { exhibitor: PublicExhibitor }) {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const limits = dayLimits(exhibitor.edition.starts_on, exhibitor.edition.ends_on);
  const { control, handleSubmit, setError, setValue, getValues, formState } = useForm<
    AskForm,
    unknown,
    InterviewRequestCreateInput
  >({
    resolver: askResolver(exhibitor.edition, (problem) =>
      problem === 'past'
        ? t('interviews.ask.timePast')
        : t('interviews.ask.timeOutsideFair', {
            days: formatDayRange(exhibitor.edition.starts_on, exhibitor.edition.ends_on, i18n.language),
          }),
    ),
    mode: 'onTouched',
    defaultValues: {
      exhibitor: exhibitor.id,
      topic: '',
      language: isLanguage(i18n.language) ? i18n.language : 'en',
      format: 'stand',
      preferred_times: ['', ''],
      message: '',
      phone: '',
      consent: false as unknown as true,
    },
  });
  const times = useWatch({ control, name: 'preferred_times' });
  const timesError = formState.errors.preferred_times;
  const timesMessage = timesError?.message ?? timesError?.root?.message;

  const formRef = useRef<HTMLFormElement>(null);
  // The first field marked wrong, once the marks are painted: where the reader reads what to change.
  const focusFirstInvalid = () =>
    requestAnimationFrame(() =>
      formRef.current
        ?.querySelector<HTMLElement>('input[aria-invalid="true"], textarea[aria-invalid="true"]')
        ?.focus(),
    );
  const submit = handleSubmit(async (values) => {
    try {
      await interviewsApi.ask(values);
      await queryClient.invalidateQueries({ queryKey: ['interviews', 'mine'] });
      notify.success(t('interviews.ask.sent', { company: exhibitor.company.name }));
      navigate(paths.myFair);
    } catch (error) {
      let general = apiErrorMessage(error);
      if (error instanceof ApiError && error.status === 400) {
        const leftOver: string[] = [];
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          if ((serverFields as readonly string[]).includes(field))
            setError(field as (typeof serverFields)[number], { type: 'server', message });
          else leftOver.push(message);
        }
        general = error.generalMessage ?? leftOver[0] ?? '';
        focusFirstInvalid();
      }
      if (general) notify.error(general);
    }
  }, focusFirstInvalid);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box component="form" ref={formRef} noValidate onSubmit={submit} data-testid="interview-form">
        <Stack spacing={2.5}>
          <FormTextField
            control={control}
            name="topic"
            label={t('interviews.topic')}
            required
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'interview-topic' } }}
          />
          <FormSelectField
            control={control}
            name="language"
            label={t('interviews.language')}
            required
            options={languages.map((code) => ({ value: code, label: languageNames[code] }))}
            slotProps={{ htmlInput: { 'data-testid': 'interview-language' } }}
          />
          <Controller
            control={control}
            name="format"
            render={({ field }) => (
              <FormControl>
                <FormLabel id={`${id}-format`}>{t('interviews.format')}</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby={`${id}-format`}
                  name={field.name}
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                >
                  {interviewFormats.map((format) => (
                    <FormControlLabel
                      key={format}
                      value={format}
                      control={<Radio />}
                      label={t(`interviews.format_${format}`)}
                      data-testid={`interview-format-${format}`}
                    />
                  ))}
                </RadioGroup>
              </FormControl>
            )}
          />
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
            <FormLabel component="legend" sx={{ mb: 0.5 }}>
              {t('interviews.ask.times')}
            </FormLabel>
            <Typography variant="body2" color="text.secondary" id={`${id}-times-help`} sx={{ mb: 1.5 }}>
              {t('interviews.ask.timesHelp', {
                days: formatDayRange(exhibitor.edition.starts_on, exhibitor.edition.ends_on, i18n.language),
                zone: zoneName(
                  exhibitor.edition.time_zone,
                  i18n.language,
                  `${exhibitor.edition.starts_on.slice(0, 10)}T12:00:00Z`,
                ),
              })}
            </Typography>
            <Stack spacing={2}>
              {times.map((_, index) => (
                <Box
                  // The fields are only ever added or removed at the end.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the index is the field's name
                  key={index}
                  sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}
                >
                  <FormTextField
                    control={control}
                    name={`preferred_times.${index}`}
                    type="datetime-local"
                    label={t('interviews.ask.time', { number: index + 1 })}
                    required={index < 2}
                    sx={(theme) => ({ maxWidth: 320, ...dateTimeFieldSx(theme) })}
                    slotProps={{
                      inputLabel: { shrink: true },
                      htmlInput: {
                        min: limits.min,
                        max: limits.max,
                        'aria-describedby': `${id}-times-help`,
                        'data-testid': `interview-time-${index + 1}`,
                      },
                    }}
                  />
                  {index === 2 && (
                    <IconButton
                      aria-label={t('interviews.ask.removeTime')}
                      onClick={() =>
                        setValue('preferred_times', getValues('preferred_times').slice(0, 2), {
                          shouldValidate: formState.isSubmitted,
                        })
                      }
                      sx={{ mt: 1 }}
                      data-testid="interview-remove-time"
                    >
                      <Close />
                    </IconButton>
                  )}
                </Box>
              ))}
            </Stack>
            {timesMessage && (
              <FormHelperText error role="alert" data-testid="interview-times-error">
                {translateMessage(timesMessage)}
              </FormHelperText>
            )}
            {times.length < 3 && (
              <Button
                startIcon={<Add />}
                onClick={() => setValue('preferred_times', [...getValues('preferred_times'), ''])}
                sx={{ mt: 1 }}
                data-testid="interview-add-time"
              >
                {t('interviews.ask.addTime')}
              </Button>
            )}
          </Box>
          <FormTextField
            control={control}
            name="message"
            label={t('interviews.ask.message')}
            optional
            multiline
            minRows={3}
            slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'interview-message' } }}
          />
          <FormTextField
            control={control}
            name="phone"
            type="tel"
            label={t('interviews.phone')}
            helperText={t('interviews.ask.phoneHelp')}
            required
            autoComplete="tel"
            sx={{ maxWidth: 320 }}
            slotProps={{ htmlInput: { maxLength: 40, 'data-testid': 'interview-phone' } }}
          />
          <Controller
            control={control}
            name="consent"
            render={({ field, fieldState }) => (
              <Box>
                <FormControlLabel
                  sx={{ alignItems: 'flex-start' }}
                  control={
                    <Checkbox
                      checked={field.value === true}
                      onChange={(event) => field.onChange(event.target.checked)}
                      onBlur={field.onBlur}
                      sx={{ mt: -0.75 }}
                      slotProps={{
                        input: {
                          ref: field.ref,
                          'aria-invalid': Boolean(fieldState.error),
                          'aria-describedby': fieldState.error ? `${id}-consent-error` : undefined,
                          'data-testid': 'interview-consent',
                        } as React.InputHTMLAttributes<HTMLInputElement>,
                      }}
                    />
                  }
                  label={t('interviews.ask.consent', { company: exhibitor.company.name })}
                />
                {fieldState.error && (
                  <FormHelperText error id={`${id}-consent-error`}>
                    {translateMessage(fieldState.error.message)}
                  </FormHelperText>
                )}
                <Box sx={{ pl: 4 }}>
                  <Link component={RouterLink} to={paths.userPrivacy} target="_blank" rel="noopener">
                    {t('interviews.ask.privacyNotice')}
                  </Link>
                </Box>
              </Box>
            )}
          />
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={formState.isSubmitting || !online}
              aria-describedby={online ? undefined : 'interview-needs-connection'}
              data-testid="interview-send"
            >
              {formState.isSubmitting ? t('interviews.ask.sending') : t('interviews.ask.send')}
            </Button>
            <NeedsConnectionNote id="interview-needs-connection" />
          </Box>
        </Stack>
      </Box>
    </Paper>
  );
}
