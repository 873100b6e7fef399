import ArrowBack from '@mui/icons-material/ArrowBack';
import Download from '@mui/icons-material/DownloadOutlined';
import QrCodeScanner from '@mui/icons-material/QrCodeScanner';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type ProgrammeAttendee,
  type ProgrammeCheckInResult,
  pickLocalized,
  programmeLimits,
} from '@pressroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { LoadingPlaceholder } from '../../../components/loading-placeholder.tsx';
import { Page } from '../../../components/page.tsx';
import { paths } from '../../../config/paths.ts';
import { saveBlob } from '../../../lib/api-client.ts';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { notify } from '../../../lib/notifications.ts';
import { formatZonedDayRange } from '../../../lib/zoned-time.ts';
import { RequirePermission } from '../components/require-permission.tsx';
import { BadgeScanner, canScan } from './badge-scanner.tsx';
import { OutsideDayDialog, outsideTheDay } from './outside-day.tsx';
import { adminEventQuery, attendanceQuery, programmeAdminApi } from './programme-api.ts';

/** At the door, on a phone: the badge code typed or scanned, the names ticked, the counts, the CSV. */
export default function AttendanceScreen() {
  const { t } = useTranslation();
  return (
    <RequirePermission
      anyOf={['press_release.manage_all', 'press_release.publish_own_company']}
      title={t('programmeAdmin.attendance.title')}
    >
      <Attendance />
    </RequirePermission>
  );
}

function Attendance() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const attendance = useQuery({ ...attendanceQuery(id), enabled: Number.isInteger(id) && id > 0 });
  // The event's edition gives the fair's time zone, in which the door's times are read.
  const event = useQuery({ ...adminEventQuery(id), enabled: Number.isInteger(id) && id > 0 });
  const timeZone = event.data?.edition.time_zone;
  const refresh = () => queryClient.invalidateQueries({ queryKey: attendanceQuery(id).queryKey });
  const back = (
    <Button
      component={RouterLink}
      to={paths.programmeAdmin}
      startIcon={
        <ArrowBack sx={(theme) => ({ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : 'none' })} />
      }
    >
      {t('programmeAdmin.attendance.back')}
    </Button>
  );
  const download = async (format: 'csv' | 'pdf') => {
    try {
      const file =
        format === 'csv' ? programmeAdminApi.attendanceCsv(id) : programmeAdminApi.attendancePdf(id);
      saveBlob(await file, `attendance-${id}.${format}`);
    } catch (error) {
      notify.error(apiErrorMessage(error));
    }
  };
  if (attendance.isError) {
    return (
      <Page title={t('programmeAdmin.attendance.title')} actions={back}>
        <Alert severity="error">
          {apiErrorMessage(attendance.error, t('programmeAdmin.attendance.loadError'))}
        </Alert>
      </Page>
    );
  }
  if (!attendance.data) {
    return (
      <Page title={t('programmeAdmin.attendance.title')} actions={back}>
        <LoadingPlaceholder height={320} />
      </Page>
    );
  }
  const data = attendance.data;
  const number = new Intl.NumberFormat(i18n.language);
  const counts = [
    ['signedUp', data.signed_up],
    ['waiting', data.waiting],
    ['attended', data.attended],
    ['noShows', data.no_shows],
  ] as const;
  const listed = data.attendees.filter((attendee) => attendee.status !== 'cancelled');
  return (
    <Page title={t('programmeAdmin.attendance.title')} actions={back}>
      <Typography
        component="p"
        variant="h6"
        dir="auto"
        sx={{ fontSize: '1.1rem', mb: 0.5 }}
        data-testid="attendance-event"
      >
        <bdi>{pickLocalized(data.event.title, i18n.language)}</bdi>
      </Typography>
      {timeZone && (
        <Typography variant="body2" color="text.secondary" data-testid="attendance-time">
          {formatZonedDayRange(data.event.starts_at, data.event.ends_at, i18n.language, timeZone)} ({timeZone}
          )
        </Typography>
      )}
      <Box
        component="dl"
        // Two by two on a phone: four columns of 360 px left German words ("Angemeldet") no room but mid-word.
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
          gap: 1,
          my: 2,
        }}
        data-testid="attendance-counts"
      >
        {counts.map(([key, value]) => (
          <Paper
            key={key}
            variant="outlined"
            // The term comes first for readers of the list; the number shows above it.
            sx={{ p: 1, textAlign: 'center', minWidth: 0, display: 'flex', flexDirection: 'column-reverse' }}
          >
            <Typography
              component="dt"
              variant="caption"
              color="text.secondary"
              // Between words; a word longer than its box is hyphenated in the page's language (html lang).
              sx={{ display: 'block', hyphens: 'auto', overflowWrap: 'break-word' }}
            >
              {t(`programmeAdmin.attendance.${key}`)}
            </Typography>
            <Typography
              component="dd"
              sx={{ m: 0, fontSize: '1.4rem', fontWeight: 700 }}
              data-testid={`attendance-count-${key}`}
            >
              {number.format(value)}
            </Typography>
          </Paper>
        ))}
      </Box>
      <CheckInForm eventId={id} onChecked={refresh} />
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="attendance-list"
        sx={{ p: { xs: 1.5, sm: 2 }, mt: 2 }}
      >
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography
            id="attendance-list"
            component="h2"
            variant="h6"
            sx={{ fontSize: '1.1rem', flexGrow: 1 }}
          >
            {t('programmeAdmin.attendance.list')}
          </Typography>
          <Button startIcon={<Download />} onClick={() => download('csv')} data-testid="attendance-csv">
            {t('programmeAdmin.attendance.csv')}
          </Button>
          <Button startIcon={<Download />} onClick={() => download('pdf')} data-testid="attendance-pdf">
            {t('programmeAdmin.attendance.pdf')}
          </Button>
        </Box>
        {listed.length === 0 ? (
          <Typography variant="body2" data-testid="attendance-empty">
            {t('programmeAdmin.attendance.empty')}
          </Typography>
        ) : (
          <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="attendance-list">
            {listed.map((attendee) => (
              <AttendeeRow
                key={attendee.user}
                eventId={id}
                attendee={attendee}
                timeZone={timeZone}
                onChecked={refresh}
              />
            ))}
          </Stack>
        )}
      </Paper>
    </Page>
  );
}

function AttendeeRow({
  eventId,
  attendee,
  timeZone,
  onChecked,
}: {
  eventId: number;
  attendee: ProgrammeAttendee;
  timeZone: string | undefined;
  onChecked: () => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [question, setQuestion] = useState<string | null>(null);
  const checked = attendee.checked_in_at !== null;
  const check = async (confirmed = false) => {
    setBusy(true);
    try {
      await programmeAdminApi.checkIn(eventId, { user: attendee.user, outside_day_confirmed: confirmed });
      notify.success(t('programmeAdmin.attendance.checkedInNamed', { name: attendee.name }));
      await onChecked();
    } catch (error) {
      const outside = confirmed ? null : outsideTheDay(error);
      if (outside) setQuestion(outside);
      else notify.error(apiErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box
      component="li"
      sx={{ borderBottom: 1, borderColor: 'divider', py: 0.5, '&:last-of-type': { borderBottom: 0 } }}
      data-testid="attendance-attendee"
      data-user={attendee.user}
      data-checked={checked}
    >
      <FormControlLabel
        // Checked in, the name stays as readable as the others: only the box is done with.
        sx={{
          m: 0,
          width: '100%',
          alignItems: 'flex-start',
          '& .MuiFormControlLabel-label.Mui-disabled': { color: 'text.primary' },
        }}
        control={
          <Checkbox
            checked={checked}
            disabled={checked || busy}
            onChange={() => check()}
            sx={{ mt: -0.5 }}
            slotProps={{ input: { 'data-testid': 'attendance-check' } as object }}
          />
        }
        label={
          <Box sx={{ minWidth: 0 }}>
            <Typography
              component="span"
              sx={{ display: 'block', fontWeight: 600, overflowWrap: 'anywhere' }}
              dir="auto"
            >
              {attendee.name}
            </Typography>
            <Typography
              component="span"
              variant="body2"
              color="text.secondary"
              // Between words; a word longer than its box is hyphenated in the page's language (html lang).
              sx={{ display: 'block', hyphens: 'auto', overflowWrap: 'break-word' }}
            >
              {[
                attendee.outlet,
                attendee.status === 'waiting'
                  ? t('programmeAdmin.attendance.waitingPosition', { position: attendee.position ?? '' })
                  : '',
                checked
                  ? t('programmeAdmin.attendance.checkedInAt', {
                      time: new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short', timeZone }).format(
                        new Date(attendee.checked_in_at as string),
                      ),
                    })
                  : '',
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          </Box>
        }
      />
      <OutsideDayDialog question={question} onConfirm={() => check(true)} onClose={() => setQuestion(null)} />
    </Box>
  );
}

/** The answer at the door, in words and colour: valid and signed up, valid but not signed up, invalid. */
function verdict(result: ProgrammeCheckInResult) {
  if (!result.badge_valid) return { severity: 'error', key: 'invalid' } as const;
  if (!result.signed_up) return { severity: 'warning', key: 'notSignedUp' } as const;
  return { severity: 'success', key: result.already_checked_in ? 'alreadyIn' : 'welcome' } as const;
}

function CheckInForm({ eventId, onChecked }: { eventId: number; onChecked: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const headingId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [result, setResult] = useState<ProgrammeCheckInResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [scanning, setScanning] = useState(false);
  // A badge refused outside the event's day, waiting for the door to confirm it: the code and the question.
  const [unconfirmed, setUnconfirmed] = useState<{ badge: string; question: string } | null>(null);
  const check = useCallback(
    async (badge: string, confirmed = false) => {
      const typed = badge.trim();
      if (!typed) {
        setProblem(t('messages.programmeCheckInTarget'));
        setResult(null);
        return;
      }
      setBusy(true);
      setProblem(null);
      try {
        setResult(
          await programmeAdminApi.checkIn(eventId, { badge: typed, outside_day_confirmed: confirmed }),
        );
        setCode('');
        await onChecked();
      } catch (error) {
        setResult(null);
        const question = confirmed ? null : outsideTheDay(error);
        if (question) setUnconfirmed({ badge: typed, question });
        else setProblem(apiErrorMessage(error));
      } finally {
        setBusy(false);
        field.current?.focus();
      }
    },
    [eventId, onChecked, t],
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void check(code);
  };
  const onCode = useCallback(
    (scanned: string) => {
      setScanning(false);
      void check(scanned);
    },
    [check],
  );
  const shown = result ? verdict(result) : null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
        {t('programmeAdmin.attendance.checkIn')}
      </Typography>
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <TextField
          inputRef={field}
          label={t('programmeAdmin.attendance.badge')}
          helperText={t('programmeAdmin.attendance.badgeHelp')}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          size="small"
          autoComplete="off"
          autoFocus
          sx={{ flex: '1 1 12rem' }}
          slotProps={{
            htmlInput: {
              maxLength: programmeLimits.badge,
              dir: 'ltr',
              autoCapitalize: 'off',
              spellCheck: false,
              'data-testid': 'attendance-badge',
            },
          }}
        />
        <Button type="submit" variant="contained" disabled={busy} data-testid="attendance-badge-check">
          {t('programmeAdmin.attendance.check')}
        </Button>
        {canScan() && (
          <Button
            variant="outlined"
            startIcon={<QrCodeScanner />}
            onClick={() => setScanning(true)}
            data-testid="attendance-scan"
          >
            {t('programmeAdmin.attendance.scan')}
          </Button>
        )}
      </Box>
      <Box aria-live="assertive" sx={{ mt: shown || problem ? 1.5 : 0 }}>
        {problem && (
          <Alert severity="error" data-testid="attendance-problem">
            {problem}
          </Alert>
        )}
        {result && shown && (
          <Alert
            severity={shown.severity}
            data-testid="attendance-verdict"
            data-verdict={shown.key}
            sx={{
              fontSize: '1.1rem',
              fontWeight: 600,
              borderInlineStart: 6,
              borderColor: `${shown.severity}.main`,
            }}
          >
            {t(`programmeAdmin.attendance.verdict_${shown.key}`, { name: result.attendee?.name ?? '' })}
          </Alert>
        )}
      </Box>
      {scanning && <BadgeScanner onCode={onCode} onClose={() => setScanning(false)} />}
      <OutsideDayDialog
        question={unconfirmed?.question ?? null}
        onConfirm={() => check(unconfirmed?.badge ?? '', true)}
        onClose={() => setUnconfirmed(null)}
      />
    </Paper>
  );
}
