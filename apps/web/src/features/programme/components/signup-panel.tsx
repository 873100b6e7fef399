import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ProgrammeClash, ProgrammeEvent, ProgrammeSignup } from '@pressroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { NeedsConnectionNote } from '../../../components/needs-connection.tsx';
import { paths, withRedirect } from '../../../config/paths.ts';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { useOnline } from '../../../lib/connection.ts';
import { useSession } from '../../../lib/session.ts';
import { formatZonedDayRange } from '../../../lib/zoned-time.ts';
import { programmeApi, programmeClashesQuery } from '../api.ts';

/**
 * Sign up, join the waiting list, or cancel, for a signed-in journalist: what else of theirs is at the same time
 * is shown beside the button before they sign up (and still after), and the answer says where they stand.
 */
export function SignupPanel({ event }: { event: ProgrammeEvent }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [answer, setAnswer] = useState<ProgrammeSignup | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const online = useOnline();
  const open = event.signup_required && event.status === 'approved';
  const clashes = useQuery({
    ...programmeClashesQuery(event.id, i18n.language),
    enabled: open && !!user?.permissions.includes('press_area.access'),
  });
  if (!open) return null;
  if (!user) {
    return (
      <Alert
        severity="info"
        action={
          <Button
            component={RouterLink}
            to={withRedirect(paths.login, `${location.pathname}${location.search}`)}
            color="inherit"
            size="small"
          >
            {t('programme.event.signIn')}
          </Button>
        }
      >
        {t('programme.event.signInToSignUp')}
      </Alert>
    );
  }
  if (!user.permissions.includes('press_area.access')) return null;

  const mine = event.my_signup && event.my_signup.status !== 'cancelled' ? event.my_signup : null;
  const act = async (action: 'signUp' | 'cancelSignup') => {
    setBusy(true);
    setProblem(null);
    try {
      setAnswer(await programmeApi[action](event.id));
      await queryClient.invalidateQueries({ queryKey: ['programme'] });
    } catch (error) {
      setAnswer(null);
      setProblem(apiErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box data-testid="event-signup">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {mine ? (
          <Button
            variant="outlined"
            color="error"
            disabled={busy || !online}
            aria-describedby={online ? undefined : 'signup-needs-connection'}
            onClick={() => act('cancelSignup')}
            data-testid="event-cancel-signup"
          >
            {t(mine.status === 'waiting' ? 'programme.event.leaveWaiting' : 'programme.event.cancelSignup')}
          </Button>
        ) : (
          <Button
            variant="contained"
            disabled={busy || !online}
            aria-describedby={online ? undefined : 'signup-needs-connection'}
            onClick={() => act('signUp')}
            data-testid="event-sign-up"
          >
            {t(event.places_left === 0 ? 'programme.event.joinWaiting' : 'programme.event.signUp')}
          </Button>
        )}
      </Box>
      <NeedsConnectionNote id="signup-needs-connection" />
      <Box aria-live="polite" sx={{ mt: answer || problem || clashes.data?.data.length ? 2 : 0 }}>
        {problem && (
          <Alert severity="error" data-testid="event-signup-problem">
            {problem}
          </Alert>
        )}
        {answer && (
          <Alert
            severity={answer.status === 'cancelled' ? 'info' : 'success'}
            data-testid="event-signup-answer"
            data-status={answer.status}
          >
            {answer.status === 'signed_up'
              ? t('programme.event.signedUp')
              : answer.status === 'waiting'
                ? t('programme.event.waiting', { position: answer.position ?? '' })
                : t('programme.event.signupCancelled')}
          </Alert>
        )}
        {clashes.data && clashes.data.data.length > 0 && (
          <Clashes clashes={clashes.data.data} timeZone={event.edition.time_zone} />
        )}
      </Box>
    </Box>
  );
}

/** What else of the journalist's is at the same time: a warning, not a refusal. */
export function Clashes({ clashes, timeZone }: { clashes: ProgrammeClash[]; timeZone: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Alert severity="warning" sx={{ mt: 1.5 }} data-testid="event-clashes">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('programme.event.clashTitle')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {clashes.map((clash) => (
          <li key={`${clash.kind}-${clash.id}`} data-testid="event-clash">
            {t(`programme.event.clash_${clash.kind}`, {
              title: clash.title,
              time: formatZonedDayRange(clash.starts_at, clash.ends_at, i18n.language, timeZone),
            })}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
