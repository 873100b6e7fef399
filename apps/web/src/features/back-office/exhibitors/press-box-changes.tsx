import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PressBox, PressBoxChange } from '@pressroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { isLanguage, languageNames } from '../../../lib/i18n/languages.ts';
import { notify } from '../../../lib/notifications.ts';
import { formatDateTime } from '../components/format.ts';
import { pressBoxApi, pressBoxQuery } from './exhibitors-api.ts';
import { Section } from './section.tsx';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** What a waiting change would write, in a few lines. */
function ChangeDetails({ change }: { change: PressBoxChange }) {
  const { t } = useTranslation();
  const payload = change.payload;
  const lines: { key: string; label: string; value: string; lang?: string }[] = [];
  if (change.kind === 'fields') {
    const description = (payload.description ?? {}) as Record<string, unknown>;
    if (payload.description !== undefined && Object.keys(description).length === 0) {
      lines.push({ key: 'description', label: t('backOffice.pressBox.about'), value: '—' });
    }
    for (const [language, value] of Object.entries(description)) {
      lines.push({
        key: `description-${language}`,
        label: t('backOffice.pressBox.descriptionIn', {
          language: isLanguage(language) ? languageNames[language] : language,
        }),
        value: text(value),
        lang: language,
      });
    }
    if (payload.website !== undefined) {
      lines.push({
        key: 'website',
        label: t('backOffice.pressBox.website'),
        value: text(payload.website) || '—',
      });
    }
  }
  if (change.kind === 'contact_added' || change.kind === 'contact_changed') {
    for (const field of ['name', 'email', 'phone'] as const) {
      if (payload[field] !== undefined) {
        lines.push({
          key: field,
          label: t(
            `backOffice.pressBox.${field === 'name' ? 'contactName' : field === 'email' ? 'contactEmail' : 'contactPhone'}`,
          ),
          value: text(payload[field]) || '—',
        });
      }
    }
  }
  return (
    <>
      {lines.length > 0 && (
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.5 }}>
          {lines.map((line) => (
            <Box key={line.key} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
              <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
                {line.label}:
              </Typography>
              <Typography
                component="dd"
                variant="body2"
                lang={line.lang}
                dir="auto"
                sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
              >
                {line.value.length > 300 ? `${line.value.slice(0, 300)}…` : line.value}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {change.file_url && (
        <Box
          component="img"
          src={change.file_url}
          alt={t(
            change.kind === 'logo' ? 'backOffice.pressBox.proposedLogo' : 'backOffice.pressBox.proposedPhoto',
          )}
          sx={{
            maxWidth: 160,
            maxHeight: 100,
            objectFit: 'contain',
            bgcolor: '#fff',
            p: 0.5,
            borderRadius: 1,
          }}
        />
      )}
    </>
  );
}

/** The agents' changes that wait: the approvers approve or reject each; an agent sees what waits. */
export function PendingChanges({ box }: { box: PressBox }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<number | null>(null);
  const contactName = (change: PressBoxChange) =>
    text(change.payload.name) || box.contacts.find((contact) => contact.id === change.contact)?.name || '';

  const decide = async (change: PressBoxChange, decision: 'approve' | 'reject') => {
    setBusy(change.id);
    try {
      const answer = await pressBoxApi.decide(box.company.id, change.id, decision);
      queryClient.setQueryData(pressBoxQuery(box.company.id).queryKey, answer);
      notify.success(
        t(decision === 'approve' ? 'backOffice.pressBox.approved' : 'backOffice.pressBox.rejected'),
      );
    } catch (error) {
      notify.error(apiErrorMessage(error));
      await queryClient.invalidateQueries({ queryKey: pressBoxQuery(box.company.id).queryKey });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Section
      title={t('backOffice.pressBox.pendingTitle', { count: box.pending.length })}
      testId="press-box-pending"
    >
      {box.may_approve && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('backOffice.pressBox.pendingHint')}
        </Alert>
      )}
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {box.pending.map((change) => (
          <Paper
            component="li"
            variant="outlined"
            key={change.id}
            data-testid="pending-change"
            sx={{ p: 1.5, display: 'grid', gap: 1 }}
          >
            <Typography sx={{ fontWeight: 600 }} data-testid="pending-change-kind">
              {t(`backOffice.pressBox.changeKind.${change.kind}`, { name: contactName(change) })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('backOffice.pressBox.proposedBy', {
                who: change.proposed_by?.email ?? t('backOffice.pressBox.someone'),
                when: formatDateTime(change.proposed_at, i18n.language),
              })}
            </Typography>
            <ChangeDetails change={change} />
            {box.may_approve ? (
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                <Button
                  variant="contained"
                  color="success"
                  disabled={busy !== null}
                  onClick={() => decide(change, 'approve')}
                  data-testid="approve-change"
                >
                  {t('backOffice.pressBox.approve')}
                </Button>
                <Button
                  variant="outlined"
                  color="error"
                  disabled={busy !== null}
                  onClick={() => decide(change, 'reject')}
                  data-testid="reject-change"
                >
                  {t('backOffice.pressBox.reject')}
                </Button>
              </Stack>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('backOffice.pressBox.waitsForApproval')}
              </Typography>
            )}
          </Paper>
        ))}
      </Stack>
    </Section>
  );
}
