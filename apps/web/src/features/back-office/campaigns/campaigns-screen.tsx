import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CampaignView, RecipientListView } from '@pressroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Page } from '../../../components/page.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { notify } from '../../../lib/notifications.ts';
import { CampaignDialog } from './campaign-dialog.tsx';
import { campaignsApi, campaignsQuery, recipientListsQuery } from './campaigns-api.ts';
import { ListDialog } from './list-dialog.tsx';

const formatMoment = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** The press office's mail: saved recipient lists with their counts, and the campaigns with their figures. */
export default function CampaignsScreen() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const lists = useQuery(recipientListsQuery);
  const campaigns = useQuery(campaignsQuery(i18n.language));
  const [editing, setEditing] = useState<RecipientListView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RecipientListView | null>(null);
  const [sending, setSending] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: ['back-office'] });
  const numbers = new Intl.NumberFormat(i18n.language);

  const statusText = (campaign: CampaignView) =>
    campaign.status === 'refused'
      ? `${t('campaigns.status_refused')}${campaign.refusal ? `: ${campaign.refusal}` : ''}`
      : t(`campaigns.status_${campaign.status}`, {
          date: formatMoment(campaign.queued_at ?? campaign.send_at, i18n.language),
        });

  return (
    <Page
      title={t('campaigns.title')}
      actions={
        <Button
          variant="contained"
          onClick={() => setSending(true)}
          disabled={!lists.data?.length}
          data-testid="campaign-new"
        >
          {t('campaigns.newCampaign')}
        </Button>
      }
    >
      <Typography sx={{ mb: 3, maxWidth: '70ch' }}>{t('campaigns.intro')}</Typography>
      {lists.isError || campaigns.isError ? (
        <Alert severity="error">
          {apiErrorMessage(lists.error ?? campaigns.error, t('campaigns.loadError'))}
        </Alert>
      ) : !lists.data || !campaigns.data ? (
        <Skeleton variant="rounded" height={240} aria-label={t('app.loading')} />
      ) : (
        <Stack spacing={4}>
          <Box component="section" aria-labelledby="campaign-lists-heading">
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
              <Typography variant="h2" id="campaign-lists-heading" sx={{ fontSize: '1.25rem' }}>
                {t('campaigns.lists')}
              </Typography>
              <Button onClick={() => setEditing('new')} data-testid="list-new">
                {t('campaigns.newList')}
              </Button>
            </Stack>
            {lists.data.length === 0 ? (
              <Alert severity="info">{t('campaigns.noLists')}</Alert>
            ) : (
              <TableContainer component={Paper} variant="outlined">
                <Table size="small" aria-labelledby="campaign-lists-heading">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('campaigns.name')}</TableCell>
                      <TableCell>{t('campaigns.figureRecipients')}</TableCell>
                      <TableCell />
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {lists.data.map((list) => (
                      <TableRow key={list.id} data-testid="list-row">
                        <TableCell>{list.name}</TableCell>
                        <TableCell>{t('campaigns.recipients', { count: list.recipients })}</TableCell>
                        <TableCell align="right">
                          <Button size="small" onClick={() => setEditing(list)}>
                            {t('campaigns.editList')}
                          </Button>
                          <Button size="small" color="error" onClick={() => setDeleting(list)}>
                            {t('campaigns.deleteList')}
                          </Button>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </Box>
          <Box component="section" aria-labelledby="campaigns-heading">
            <Typography variant="h2" id="campaigns-heading" sx={{ fontSize: '1.25rem', mb: 1 }}>
              {t('campaigns.campaigns')}
            </Typography>
            {campaigns.data.length === 0 ? (
              <Alert severity="info">{t('campaigns.noCampaigns')}</Alert>
            ) : (
              <TableContainer component={Paper} variant="outlined">
                <Table size="small" aria-labelledby="campaigns-heading">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('campaigns.subject')}</TableCell>
                      <TableCell>{t('campaigns.chooseLists')}</TableCell>
                      <TableCell>{t('campaigns.status')}</TableCell>
                      <TableCell align="right">{t('campaigns.figureRecipients')}</TableCell>
                      <TableCell align="right">{t('campaigns.figureSent')}</TableCell>
                      <TableCell align="right">{t('campaigns.figureFailed')}</TableCell>
                      <TableCell align="right">{t('campaigns.figureUnsubscribed')}</TableCell>
                      <TableCell align="right">{t('campaigns.figureReads')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {campaigns.data.map((campaign) => (
                      <TableRow key={campaign.id} data-testid="campaign-row">
                        <TableCell>
                          {campaign.event
                            ? t('campaigns.invitationTo', { title: campaign.event.title })
                            : (campaign.release?.title ?? '')}
                        </TableCell>
                        <TableCell>{campaign.lists.map((list) => list.name).join(', ')}</TableCell>
                        <TableCell>{statusText(campaign)}</TableCell>
                        <TableCell align="right">{numbers.format(campaign.figures.recipients)}</TableCell>
                        <TableCell align="right">{numbers.format(campaign.figures.sent)}</TableCell>
                        <TableCell align="right">{numbers.format(campaign.figures.failed)}</TableCell>
                        <TableCell align="right">{numbers.format(campaign.figures.unsubscribed)}</TableCell>
                        <TableCell align="right">{numbers.format(campaign.figures.reads)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </Box>
        </Stack>
      )}
      {editing && (
        <ListDialog
          list={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            notify.success(t('campaigns.listSaved'));
            await refresh();
          }}
        />
      )}
      {sending && lists.data && (
        <CampaignDialog
          lists={lists.data}
          onClose={() => setSending(false)}
          onSent={async () => {
            setSending(false);
            await refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('campaigns.deleteList')}
        text={t('campaigns.deleteConfirm', { name: deleting?.name ?? '' })}
        confirmLabel={t('campaigns.deleteList')}
        cancelLabel={t('campaigns.cancel')}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await campaignsApi.deleteList(deleting.id);
            notify.success(t('campaigns.listDeleted'));
            setDeleting(null);
            await refresh();
          } catch (failure) {
            notify.error(apiErrorMessage(failure));
          }
        }}
      />
    </Page>
  );
}
