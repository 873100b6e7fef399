import LockClock from '@mui/icons-material/LockClock';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isLanguage, isRtl } from '../../../lib/i18n/languages.ts';

/** The writing direction of a text in the given language (a Hebrew release reads right to left anywhere). */
export function textDirection(language: string): 'rtl' | 'ltr' {
  return isLanguage(language) && isRtl(language) ? 'rtl' : 'ltr';
}

/** A calendar day (YYYY-MM-DD) or a time (ISO) in the reader's language. */
export function formatDate(value: string, language: string, withTime = false): string {
  // Dates without a time are calendar days: read them as such, whatever the time zone.
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00`) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString(language, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' } : {}),
  });
}

interface MetaRelease {
  number: number | null;
  year: number;
  publication_date: string;
  embargo_until: string | null;
  company?: { name: string } | null;
}

/** Number in its year, publication date, the company (in lists) and, while it holds, the embargo mark. */
export function ReleaseMeta({
  release,
  withCompany = false,
}: {
  release: MetaRelease;
  withCompany?: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <Typography variant="body2" color="text.secondary" component="span">
        <time dateTime={release.publication_date}>{formatDate(release.publication_date, i18n.language)}</time>
      </Typography>
      {release.number !== null && (
        <Typography variant="body2" color="text.secondary" component="span">
          {t('pressReleases.number', { number: release.number, year: release.year })}
        </Typography>
      )}
      {withCompany && release.company && (
        <Typography
          variant="body2"
          color="text.secondary"
          component="span"
          data-testid="release-meta-company"
        >
          {release.company.name}
        </Typography>
      )}
      {release.embargo_until && (
        <Chip
          size="small"
          color="warning"
          icon={<LockClock aria-hidden="true" />}
          label={t('pressReleases.embargoedUntil', {
            date: formatDate(release.embargo_until, i18n.language, true),
          })}
          data-testid="embargo-mark"
          // A narrow screen (320 px, 400 % zoom) wraps the date instead of cutting it off.
          sx={{
            height: 'auto',
            maxWidth: '100%',
            py: 0.25,
            '& .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'anywhere' },
          }}
        />
      )}
    </Stack>
  );
}
