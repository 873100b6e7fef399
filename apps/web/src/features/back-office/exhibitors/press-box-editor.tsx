import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PressBox } from '@pressroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { notify } from '../../../lib/notifications.ts';
import { type PressBoxAnswer, pressBoxQuery, waits } from './exhibitors-api.ts';
import { PendingChanges } from './press-box-changes.tsx';
import { PressBoxContactsSection } from './press-box-contacts-section.tsx';
import { FieldsForm } from './press-box-fields-form.tsx';
import { PressBoxLogoSection } from './press-box-logo-section.tsx';

export function PressBoxEditor({ box }: { box: PressBox }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const company = box.company.id;
  const key = pressBoxQuery(company).queryKey;

  /** The press box a direct change answers is shown at once; a waiting change is listed with the others. */
  const received = async (answer: PressBoxAnswer, applied: string) => {
    if (waits(answer)) {
      notify.info(answer.detail);
      await queryClient.invalidateQueries({ queryKey: key });
    } else {
      queryClient.setQueryData(key, answer);
      notify.success(applied);
    }
  };
  // What a running upload or removal is about: the buttons wait for it.
  const [busy, setBusy] = useState<string | null>(null);
  const act = async (name: string, work: () => Promise<PressBoxAnswer>, applied: string) => {
    setBusy(name);
    try {
      await received(await work(), applied);
    } catch (error) {
      notify.error(apiErrorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack spacing={3}>
      <Typography variant="h2" sx={{ fontSize: '1.5rem' }}>
        {/* bdi: a Latin name keeps its own direction, the heading the page's alignment. */}
        <bdi data-testid="press-box-company-name">{box.company.name}</bdi>
      </Typography>
      {!box.applies_directly && (
        <Alert severity="info" data-testid="press-box-waits">
          {t('backOffice.pressBox.agentHint')}
        </Alert>
      )}
      {box.pending.length > 0 && <PendingChanges box={box} />}

      <PressBoxLogoSection box={box} busy={busy !== null} act={act} />

      <FieldsForm
        // An approved change of another's replaces what the form shows.
        key={JSON.stringify([box.description, box.website])}
        box={box}
        onSaved={(answer) => received(answer, t('backOffice.pressBox.saved'))}
      />

      <PressBoxContactsSection box={box} busy={busy} act={act} received={received} />
    </Stack>
  );
}
