import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { InterviewRequest, InterviewStatus } from '@pressroom/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatZonedMoment } from '../../../lib/zoned-time.ts';

/** The chip colour of each status, the same for the journalist and the exhibitor. */
const statusColour = {
  pending: 'info',
  accepted: 'success',
  declined: 'error',
  cancelled: 'default',
} as const satisfies Record<InterviewStatus, string>;

/** A request's status as words on a chip (the colour only repeats them). */
export function StatusChip({ status }: { status: InterviewStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={statusColour[status]}
      variant={status === 'cancelled' ? 'outlined' : 'filled'}
      label={t(`interviews.status_${status}`)}
      data-testid="interview-status"
      data-status={status}
    />
  );
}

/** The preferred times, at the hour of the edition's zone, in the reader's language. */
function PreferredTimes({ request }: { request: InterviewRequest }) {
  const { i18n } = useTranslation();
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="interview-preferred-times">
      {request.preferred_times.map((time) => (
        <li key={time}>
          <Typography variant="body2" component="span">
            {formatZonedMoment(time, i18n.language, request.edition.time_zone)}
          </Typography>
        </li>
      ))}
    </Box>
  );
}

/** When the interview is: the agreed time and place once accepted, else the preferred times. */
export function InterviewWhen({ request }: { request: InterviewRequest }) {
  const { t, i18n } = useTranslation();
  if (request.status === 'accepted' && request.scheduled_at) {
    return (
      <>
        <Detail label={t('interviews.agreedTime')} testId="interview-agreed-time">
          {formatZonedMoment(request.scheduled_at, i18n.language, request.edition.time_zone)}
        </Detail>
        <Detail label={t('interviews.place')} testId="interview-place">
          <span dir="auto">{request.place}</span>
        </Detail>
      </>
    );
  }
  return (
    <Detail label={t('interviews.preferredTimes')}>
      <PreferredTimes request={request} />
    </Detail>
  );
}

/** A label and its value, one pair of a request's details. */
export function Detail({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid={testId}>
        {children}
      </Typography>
    </Box>
  );
}

/** A date-and-time field's own picker button drawn for the theme's mode (dark icons vanish on dark paper). */
export const dateTimeFieldSx = (theme: Theme) => ({ '& input': { colorScheme: theme.palette.mode } });
