import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type PressReleaseEdit, pressReleaseStatusChangeSchema } from '@pressroom/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { translateMessage } from '../../../lib/i18n/contract-messages.ts';
import { zonedInstant, zoneName } from '../../../lib/zoned-time.ts';

/**
 * Publishing at a time to come: typed at the fair's clock (the release's `time_zone`, named beside the field),
 * sent as an instant. The server refuses a time gone by in words, shown under the field.
 */
export function ReleaseSchedule({
  release,
  disabled,
  onSchedule,
}: {
  release: PressReleaseEdit;
  disabled: boolean;
  /** Publishes at the instant; rejects with the server's error. */
  onSchedule: (publishAt: string) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const [publishAtTyped, setPublishAtTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const zone = zoneName(release.time_zone, i18n.language);

  const schedule = async () => {
    const publishAt = zonedInstant(publishAtTyped, release.time_zone);
    const checked = pressReleaseStatusChangeSchema.safeParse({ status: 'published', publish_at: publishAt });
    if (!checked.success) {
      setError(translateMessage(checked.error.issues[0]?.message) ?? null);
      return;
    }
    setError(null);
    try {
      await onSchedule(publishAt);
      setPublishAtTyped('');
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.fieldErrors.publish_at : undefined;
      if (message) setError(message);
      else throw failure;
    }
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ alignItems: 'flex-start' }}>
      <TextField
        type="datetime-local"
        size="small"
        label={t('pressReleases.admin.publishAt', { zone })}
        value={publishAtTyped}
        onChange={(event) => setPublishAtTyped(event.target.value)}
        error={error !== null}
        helperText={error ?? t('pressReleases.admin.publishAtHelp')}
        sx={{ minWidth: { sm: 280 }, maxWidth: { sm: 420 } }}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'publish-at' } }}
      />
      <Button variant="outlined" disabled={disabled} onClick={schedule} data-testid="status-action-schedule">
        {t('pressReleases.admin.actions.schedule')}
      </Button>
    </Stack>
  );
}
