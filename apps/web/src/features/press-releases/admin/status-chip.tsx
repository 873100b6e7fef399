import Chip from '@mui/material/Chip';
import type { PressReleaseStatus } from '@pressroom/contract';
import { useTranslation } from 'react-i18next';

const colors = { draft: 'default', submitted: 'info', published: 'success' } as const;

export function StatusChip({ status }: { status: PressReleaseStatus }) {
  const { t } = useTranslation();
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
