import Alert from '@mui/material/Alert';
import type { PressReleaseEdit } from '@pressroom/contract';
import { useTranslation } from 'react-i18next';
import { formatZonedMoment, zoneName } from '../../../lib/zoned-time.ts';
import { formatDate } from '../components/release-meta.tsx';

/** What the release's status means now (scheduled, published, in review, a draft), and if read-only. */
export function ReleaseStatusSummary({
  release,
  editable,
}: {
  release: PressReleaseEdit;
  editable: boolean;
}) {
  const { t, i18n } = useTranslation();
  const scheduled = release.scheduled === true;
  return (
    <Alert
      severity={scheduled ? 'warning' : release.status === 'published' ? 'success' : 'info'}
      sx={{ mb: 2 }}
      data-testid="status-summary"
    >
      {scheduled && release.publish_at
        ? t('pressReleases.admin.statusSummary.scheduled', {
            date: formatZonedMoment(release.publish_at, i18n.language, release.time_zone),
            zone: zoneName(release.time_zone, i18n.language, release.publish_at),
          })
        : t(`pressReleases.admin.statusSummary.${release.status}`, {
            date: formatDate(
              (release.status === 'published' ? release.published_at : release.submitted_at) ??
                release.updated_at,
              i18n.language,
              true,
            ),
          })}
      {!editable && ` ${t('pressReleases.admin.readOnly')}`}
    </Alert>
  );
}
