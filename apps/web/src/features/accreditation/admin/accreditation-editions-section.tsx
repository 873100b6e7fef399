import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { accreditationRequestStatuses, type Edition } from '@pressroom/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { notify } from '../../../lib/notifications.ts';
import { accreditationApi, editionsQuery } from '../api/accreditation-api.ts';
import { EditionDialog } from './accreditation-edition-dialog.tsx';

/** The editions of the fair: dates, whether proof is required, the requests by status; added, edited, deleted. */
export function EditionsSection() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const editions = useQuery(editionsQuery());
  const [editing, setEditing] = useState<Edition | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Edition | null>(null);
  const long = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  const day = (value: string) => new Date(`${value}T00:00:00Z`);
  const remove = useMutation({
    mutationFn: (id: number) => accreditationApi.deleteEdition(id),
    onSuccess: async () => {
      notify.success(t('accreditation.editionDeleted'));
      await queryClient.invalidateQueries({ queryKey: ['accreditation'] });
    },
    onError: (error) => notify.error(apiErrorMessage(error)),
  });
  return (
    <Box component="section" aria-labelledby="editions-heading">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography id="editions-heading" component="h2" variant="h6" sx={{ flexGrow: 1 }}>
          {t('accreditation.editions')}
        </Typography>
        <Button
          startIcon={<Add />}
          variant="outlined"
          onClick={() => setEditing('new')}
          data-testid="add-edition"
        >
          {t('accreditation.addEdition')}
        </Button>
      </Box>
      {editions.isPending ? (
        <Skeleton variant="rounded" height={80} />
      ) : editions.isError ? (
        <Alert severity="error">{apiErrorMessage(editions.error)}</Alert>
      ) : editions.data.results.length === 0 ? (
        <Alert severity="info">{t('accreditation.noEditionsYet')}</Alert>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" data-testid="editions">
            <TableHead>
              <TableRow>
                <TableCell>{t('accreditation.editionName')}</TableCell>
                <TableCell>{t('accreditation.site')}</TableCell>
                <TableCell>{t('accreditation.dates')}</TableCell>
                <TableCell>{t('accreditation.proofRequiredShort')}</TableCell>
                <TableCell>{t('accreditation.requests')}</TableCell>
                <TableCell align="right">{t('accreditation.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {editions.data.results.map((edition) => (
                <TableRow key={edition.id}>
                  <TableCell>{edition.name}</TableCell>
                  <TableCell>{edition.site_name}</TableCell>
                  <TableCell>{long.formatRange(day(edition.starts_on), day(edition.ends_on))}</TableCell>
                  <TableCell>
                    {edition.proof_required ? t('accreditation.yes') : t('accreditation.no')}
                  </TableCell>
                  <TableCell>
                    {accreditationRequestStatuses
                      .filter((status) => edition.counts[status])
                      .map((status) => `${edition.counts[status]} ${t(`accreditation.short_${status}`)}`)
                      .join(' · ') || '0'}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={t('accreditation.editEditionOf', { name: edition.name })}>
                      <IconButton
                        aria-label={t('accreditation.editEditionOf', { name: edition.name })}
                        onClick={() => setEditing(edition)}
                      >
                        <EditOutlined />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('accreditation.deleteEditionOf', { name: edition.name })}>
                      <IconButton
                        aria-label={t('accreditation.deleteEditionOf', { name: edition.name })}
                        onClick={() => setDeleting(edition)}
                      >
                        <DeleteOutline />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing && (
        <EditionDialog edition={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('accreditation.deleteEditionOf', { name: deleting?.name ?? '' })}
        text={t('accreditation.deleteQuestion', { name: deleting?.name ?? '' })}
        confirmLabel={t('accreditation.delete')}
        cancelLabel={t('accreditation.cancel')}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setDeleting(null);
        }}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
