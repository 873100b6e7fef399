import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isLanguage, isRtl } from '../../../lib/i18n/languages.ts';

/** The direction of a text in its own language, whatever the interface language. */
export function textDirection(language: string): 'rtl' | 'ltr' {
  return isLanguage(language) && isRtl(language) ? 'rtl' : 'ltr';
}

export function formatDate(value: string, language: string, withTime = false): string {
  // Dates without a time are calendar days: read them as such, whatever the time zone.
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00`) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString(language, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
  });
}

/** Number in its year, publication date and the embargo mark of a release. */
export function ReleaseMeta({
  release,
}: {
  release: { number: number | null; year: number; publication_date: string; embargo_until: string | null };
}) {
  const { t, i18n } = useTranslation();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      {release.number !== null && (
        <Typography variant="body2" color="text.secondary">
          {t('home.number', { number: release.number, year: release.year })}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {t('home.publishedOn', { date: formatDate(release.publication_date, i18n.language) })}
      </Typography>
      {release.embargo_until && (
        <Chip
          size="small"
          color="warning"
          label={t('home.embargoed', { date: formatDate(release.embargo_until, i18n.language, true) })}
        />
      )}
    </Stack>
  );
}
