import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type PublicExhibitor, pickLocalized } from '@pressroom/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadingPlaceholder } from '../../components/loading-placeholder.tsx';
import { paths } from '../../config/paths.ts';
import { formatZonedDayRange, zoneName } from '../../lib/zoned-time.ts';
import { exhibitorEventsQuery } from './api.ts';
import { eventPlace } from './exhibitor-parts.ts';

/**
 * The exhibitor's events on the press programme of its edition, each linked to its page, at the hours of the
 * edition's zone whatever the reader's clock says; a cancelled one stays, marked.
 */
export function ExhibitorEvents({ exhibitor }: { exhibitor: PublicExhibitor }) {
  const { t, i18n } = useTranslation();
  const events = useQuery(exhibitorEventsQuery(exhibitor.id, exhibitor.edition.id));
  const zone = exhibitor.edition.time_zone;
  if (events.isError) return <Alert severity="error">{t('exhibitors.programmeError')}</Alert>;
  if (!events.data) return <LoadingPlaceholder height={64} />;
  const list = events.data.data;
  if (list.length === 0) return <Typography color="text.secondary">{t('exhibitors.noEvents')}</Typography>;
  return (
    <>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ mb: 1.5 }}
        data-testid="exhibitor-programme-zone"
      >
        {t('exhibitors.programmeZone', { zone: zoneName(zone, i18n.language, list[0]?.starts_at) })}
      </Typography>
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {list.map((event) => (
          <li key={event.id} data-testid="exhibitor-event" data-status={event.status}>
            <Link component={RouterLink} to={paths.programmeEvent(event.id)} dir="auto">
              {pickLocalized(event.title, i18n.language)}
            </Link>
            {event.status === 'cancelled' && (
              <Chip
                size="small"
                variant="outlined"
                label={t('exhibitors.eventCancelled')}
                sx={{ marginInlineStart: 1 }}
              />
            )}
            <Typography variant="body2" color="text.secondary">
              <time dateTime={event.starts_at}>
                {formatZonedDayRange(event.starts_at, event.ends_at, i18n.language, zone)}
              </time>
              {' · '}
              {eventPlace(event.place, t)}
            </Typography>
          </li>
        ))}
      </Stack>
    </>
  );
}
