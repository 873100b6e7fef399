import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import {
  type InterviewAcceptInput,
  type InterviewDeclineInput,
  type InterviewRequest,
  interviewAcceptSchema,
  interviewDeclineSchema,
} from '@pressroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-fields.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { translateMessage } from '../../../lib/i18n/contract-messages.ts';
import { notify } from '../../../lib/notifications.ts';
import { dayLimits, formatZonedMoment, zonedInstant } from '../../../lib/zoned-time.ts';
import { interviewsApi } from '../api/interviews-api.ts';
import { CancelDialog } from '../components/cancel-dialog.tsx';
import { dateTimeFieldSx } from '../components/interview-parts.tsx';

const otherTime = 'other';

/** The accept form as chosen: one of the preferred times, or another typed at the fair's hour. */
interface AcceptForm {
  choice: string;
  other: string;
  place: string;
}

/** What the server receives: the chosen time, or the one typed read in the edition's zone, and the place. */
const acceptBody = (values: AcceptForm, timeZone: string): InterviewAcceptInput => ({
  scheduled_at: values.choice === otherTime ? zonedInstant(values.other, timeZone) : values.choice,
  place: values.place,
});

/** The contract's schema judges the answer the server receives; its time's error shows where it was chosen. */
const acceptResolver =
  (timeZone: string): Resolver<AcceptForm> =>
  async (values, context, options) => {
    const result = await zodResolver(interviewAcceptSchema)(
      acceptBody(values, timeZone),
      context,
      options as never,
    );
    const { scheduled_at: timeError, ...errors } = result.errors as Record<string, unknown>;
    if (timeError) errors[values.choice === otherTime ? 'other' : 'choice'] = timeError;
    return (Object.keys(errors).length === 0 ? { values, errors: {} } : { values: {}, errors }) as never;
  };

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['interviews'] });
}

/** Accepts a waiting request with a time within the fair and a place; both sides get the invitation. */
export function AcceptDialog({ request, onClose }: { request: InterviewRequest; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const refresh = useRefresh();
  const limits = dayLimits(request.edition.starts_on, request.edition.ends_on);
  const { control, handleSubmit, setError, formState } = useForm<AcceptForm>({
    resolver: acceptResolver(request.edition.time_zone),
    mode: 'onTouched',
    defaultValues: { choice: request.preferred_times[0] ?? otherTime, other: '', place: '' },
  });
  const choice = useWatch({ control, name: 'choice' });

  const submit = handleSubmit(async (values) => {
    try {
      await interviewsApi.accept(request.id, acceptBody(values, request.edition.time_zone));
      await refresh();
      notify.success(t('interviews.admin.accepted'));
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        const { scheduled_at: timeError, place: placeError } = error.fieldErrors;
        if (timeError)
          setError(choice === otherTime ? 'other' : 'choice', { type: 'server', message: timeError });
        if (placeError) setError('place', { type: 'server', message: placeError });
        if (error.generalMessage) notify.error(error.generalMessage);
      } else {
        notify.error(apiErrorMessage(error));
        await refresh();
      }
    }
  });

  return (
    <Dialog
      open
      onClose={formState.isSubmitting ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      fullWidth
      maxWidth="sm"
      data-testid="interview-accept-dialog"
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id={`${id}-title`}>
          {t('interviews.admin.acceptTitle', { name: request.journalist.name })}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5}>
            <Controller
              control={control}
              name="choice"
              render={({ field, fieldState }) => (
                <FormControl error={Boolean(fieldState.error)}>
                  <FormLabel id={`${id}-when`}>{t('interviews.admin.when')}</FormLabel>
                  <RadioGroup
                    aria-labelledby={`${id}-when`}
                    name={field.name}
                    value={field.value}
                    onChange={(event) => field.onChange(event.target.value)}
                  >
                    {request.preferred_times.map((time, index) => (
                      <FormControlLabel
                        key={time}
                        value={time}
                        control={<Radio />}
                        label={formatZonedMoment(time, i18n.language, request.edition.time_zone)}
                        data-testid={`accept-time-${index + 1}`}
                      />
                    ))}
                    <FormControlLabel
                      value={otherTime}
                      control={<Radio />}
                      label={t('interviews.admin.otherTime')}
                      data-testid="accept-time-other"
                    />
                  </RadioGroup>
                  {fieldState.error && (
                    <FormHelperText>{translateMessage(fieldState.error.message)}</FormHelperText>
                  )}
                </FormControl>
              )}
            />
            {choice === otherTime && (
              <FormTextField
                control={control}
                name="other"
                type="datetime-local"
                label={t('interviews.admin.otherTimeLabel')}
                required
                sx={dateTimeFieldSx}
                slotProps={{
                  inputLabel: { shrink: true },
                  htmlInput: { min: limits.min, max: limits.max, 'data-testid': 'accept-other-time' },
                }}
              />
            )}
            <FormTextField
              control={control}
              name="place"
              label={t('interviews.place')}
              helperText={t('interviews.admin.placeHelp')}
              required
              slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'accept-place' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={formState.isSubmitting}>
            {t('interviews.admin.back')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={formState.isSubmitting}
            data-testid="accept-confirm"
          >
            {t('interviews.admin.confirmAccept')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Declines a waiting request; the reason, required, is mailed to the journalist. */
export function DeclineDialog({ request, onClose }: { request: InterviewRequest; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const refresh = useRefresh();
  const { control, handleSubmit, setError, formState } = useForm<InterviewDeclineInput>({
    resolver: zodResolver(interviewDeclineSchema),
    mode: 'onTouched',
    defaultValues: { reason: '' },
  });
  const submit = handleSubmit(async (values) => {
    try {
      await interviewsApi.decline(request.id, values);
      await refresh();
      notify.success(t('interviews.admin.declined'));
      onClose();
    } catch (error) {
      const reasonError = error instanceof ApiError ? error.fieldErrors.reason : undefined;
      if (reasonError) setError('reason', { type: 'server', message: reasonError });
      else {
        notify.error(apiErrorMessage(error));
        await refresh();
      }
    }
  });
  return (
    <Dialog
      open
      onClose={formState.isSubmitting ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      fullWidth
      maxWidth="sm"
      data-testid="interview-decline-dialog"
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id={`${id}-title`}>
          {t('interviews.admin.declineTitle', { name: request.journalist.name })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText id={`${id}-text`} sx={{ mb: 2 }}>
            {t('interviews.admin.declineText')}
          </DialogContentText>
          <FormTextField
            control={control}
            name="reason"
            label={t('interviews.reason')}
            required
            multiline
            minRows={3}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'decline-reason' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={formState.isSubmitting}>
            {t('interviews.admin.back')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color="error"
            disabled={formState.isSubmitting}
            data-testid="decline-confirm"
          >
            {t('interviews.admin.confirmDecline')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The exhibitor's side cancels a request still open, with an optional reason for the journalist. */
export function ExhibitorCancelDialog({
  request,
  onClose,
}: {
  request: InterviewRequest;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const refresh = useRefresh();
  return (
    <CancelDialog
      title={t('interviews.admin.cancelTitle', { name: request.journalist.name })}
      text={t(
        request.status === 'accepted' ? 'interviews.admin.cancelAcceptedText' : 'interviews.admin.cancelText',
      )}
      confirmLabel={t('interviews.admin.confirmCancel')}
      done={t('interviews.admin.cancelled')}
      cancel={(body) => interviewsApi.cancelForExhibitor(request.id, body)}
      refresh={refresh}
      onClose={onClose}
    />
  );
}
