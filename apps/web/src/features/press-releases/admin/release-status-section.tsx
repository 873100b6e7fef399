import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PressReleaseEdit, PressReleaseStatus } from '@pressroom/contract';
import { useTranslation } from 'react-i18next';
import type { StatusAction } from '../release-rules.ts';
import { Section } from './release-editor-layout.tsx';
import { ReleaseSchedule } from './release-schedule.tsx';

/** The release's next steps as its reader may take them: submit, publish now or later, withdraw, delete. */
export function ReleaseStatusSection({
  release,
  actions,
  editable,
  busy,
  dirty,
  firstPublication,
  notifySubscribers,
  onNotifySubscribersChange,
  onChangeStatus,
  onSchedule,
  onDelete,
}: {
  release: PressReleaseEdit;
  actions: StatusAction[];
  editable: boolean;
  busy: boolean;
  dirty: boolean;
  firstPublication: boolean;
  notifySubscribers: boolean;
  onNotifySubscribersChange: (notify: boolean) => void;
  onChangeStatus: (to: PressReleaseStatus) => void;
  onSchedule: (publishAt: string) => Promise<void>;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Section title={t('pressReleases.admin.statusTitle')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {dirty ? t('pressReleases.admin.saveFirst') : t('pressReleases.admin.statusHelp')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {actions.map((action) => (
          <Button
            key={action.action}
            variant={action.action === 'publish' ? 'contained' : 'outlined'}
            color={action.action === 'withdraw' ? 'warning' : 'primary'}
            disabled={busy || dirty}
            onClick={() => onChangeStatus(action.to)}
            data-testid={`status-action-${action.action}`}
          >
            {t(`pressReleases.admin.actions.${action.action}`)}
          </Button>
        ))}
        {actions.some((action) => action.action === 'publish') && (
          <ReleaseSchedule release={release} disabled={busy || dirty} onSchedule={onSchedule} />
        )}
        {firstPublication && actions.some((action) => action.action === 'publish') && (
          <FormControlLabel
            control={
              <Checkbox
                checked={!notifySubscribers}
                onChange={(event) => onNotifySubscribersChange(!event.target.checked)}
                slotProps={{ input: { 'data-testid': 'publish-quietly' } as object }}
              />
            }
            label={t('pressReleases.admin.publishQuietly')}
          />
        )}
        {editable && (
          <Button
            color="error"
            startIcon={<DeleteOutline />}
            disabled={busy}
            onClick={() => onDelete()}
            data-testid="delete-release"
          >
            {t('pressReleases.admin.delete')}
          </Button>
        )}
      </Stack>
    </Section>
  );
}
