import Chip from '@mui/material/Chip';
import type { PressReleaseStatus } from '@pressroom/contract';
import { useTranslation } from 'react-i18next';

const colors = { draft: 'default', submitted: 'info', published: 'success' } as const;

/** A release's status; a published one whose time is still to come shows as scheduled. */
export function StatusChip({
  status,
  scheduled = false,
}: {
  status: PressReleaseStatus;
  scheduled?: boolean;
}) {
  const { t } = useTranslation();
  if (status === 'published' && scheduled) {
    return (
      <Chip
        size="small"
        variant="outlined"
        color="warning"
        label={t('pressReleases.status.scheduled')}
        data-testid="status-scheduled"
      />
    );
  }
  return (
    <Chip
      size="small"
      variant={status === 'published' ? 'filled' : 'outlined'}
      color={colors[status]}
      label={t(`pressReleases.status.${status}`)}
      data-testid={`status-${status}`}
    />
  );
}
