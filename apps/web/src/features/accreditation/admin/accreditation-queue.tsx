import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import HelpOutline from '@mui/icons-material/HelpOutlined';
import HighlightOff from '@mui/icons-material/HighlightOff';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  type AccreditationRequestStatus,
  accreditationRequestStatuses,
  countryName,
} from '@pressroom/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { notify } from '../../../lib/notifications.ts';
import {
  accreditationApi,
  accreditationQueueQuery,
  editionsQuery,
  type QueueFilter,
} from '../api/accreditation-api.ts';
import { statusColour } from '../components/status-colour.ts';
import { MessageDialog } from './accreditation-decision-dialog.tsx';
import { RequestDetails } from './accreditation-request-details.tsx';

type Decision = 'approve' | 'reject' | 'ask';

/** The queue of requests filtered by edition, status and country, decided one at a time or several at once. */
export function QueueSection() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<QueueFilter>({});
  const editions = useQuery(editionsQuery());
  const queue = useQuery(accreditationQueueQuery(filter));
  const [selected, setSelected] = useState<number[]>([]);
  const [open, setOpen] = useState<number | null>(null);
  const [asking, setAsking] = useState<{ decision: 'reject' | 'ask'; ids: number[] } | null>(null);
  const medium = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const results = queue.data?.results ?? [];
  const shownIds = results.map((item) => item.id);
  const selectedShown = selected.filter((id) => shownIds.includes(id));

  const decide = useMutation({
    mutationFn: (input: { ids: number[]; decision: Decision; message?: string }) =>
      accreditationApi.decide({ ids: input.ids, decision: input.decision, message: input.message ?? '' }),
    onSuccess: async (answer) => {
      notify.success(t('accreditation.decided', { count: answer.results.length }));
      setSelected([]);
      setAsking(null);
      await queryClient.invalidateQueries({ queryKey: ['accreditation'] });
    },
    onError: (error) => notify.error(apiErrorMessage(error)),
  });
  const act = (decision: Decision, ids: number[]) => {
    if (decision === 'approve') decide.mutate({ ids, decision });
    else setAsking({ decision, ids });
  };

  return (
    <Box component="section" aria-labelledby="queue-heading">
      <Typography id="queue-heading" component="h2" variant="h6" sx={{ mb: 1.5 }}>
        {t('accreditation.queue')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label={t('accreditation.filterEdition')}
          value={filter.edition ?? ''}
          onChange={(event) => setFilter({ ...filter, edition: Number(event.target.value) || undefined })}
          sx={{ minWidth: 200 }}
          slotProps={{ htmlInput: { 'data-testid': 'filter-edition' } }}
        >
          <MenuItem value="">{t('accreditation.allEditions')}</MenuItem>
          {(editions.data?.results ?? []).map((edition) => (
            <MenuItem key={edition.id} value={edition.id}>
              {edition.name} ({edition.site_name})
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('accreditation.filterStatus')}
          value={filter.status ?? ''}
          onChange={(event) =>
            setFilter({
              ...filter,
              status: (event.target.value || undefined) as AccreditationRequestStatus | undefined,
            })
          }
          sx={{ minWidth: 200 }}
          slotProps={{ htmlInput: { 'data-testid': 'filter-status' } }}
        >
          <MenuItem value="">{t('accreditation.allStatuses')}</MenuItem>
          {accreditationRequestStatuses.map((status) => (
            <MenuItem key={status} value={status}>
              {t(`accreditation.status_${status}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('accreditation.filterCountry')}
          value={filter.country ?? ''}
          onChange={(event) => setFilter({ ...filter, country: event.target.value || undefined })}
          sx={{ minWidth: 200 }}
          slotProps={{ htmlInput: { 'data-testid': 'filter-country' } }}
        >
          <MenuItem value="">{t('accreditation.allCountries')}</MenuItem>
          {(queue.data?.countries ?? [])
            .map((country) => ({ country, name: countryName(country, i18n.language) }))
            .sort((a, b) => a.name.localeCompare(b.name, i18n.language))
            .map(({ country, name }) => (
              <MenuItem key={country} value={country}>
                {name}
              </MenuItem>
            ))}
        </TextField>
      </Stack>
      {selectedShown.length > 0 && (
        <Paper
          variant="outlined"
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, p: 1.5, mb: 1.5 }}
          role="region"
          aria-label={t('accreditation.selected', { count: selectedShown.length })}
        >
          <Typography sx={{ flexGrow: 1 }} data-testid="selected-count">
            {t('accreditation.selected', { count: selectedShown.length })}
          </Typography>
          <Button
            color="success"
            variant="contained"
            onClick={() => act('approve', selectedShown)}
            data-testid="bulk-approve"
          >
            {t('accreditation.approve')}
          </Button>
          <Button variant="outlined" onClick={() => act('ask', selectedShown)} data-testid="bulk-ask">
            {t('accreditation.askMore')}
          </Button>
          <Button
            color="error"
            variant="outlined"
            onClick={() => act('reject', selectedShown)}
            data-testid="bulk-reject"
          >
            {t('accreditation.reject')}
          </Button>
        </Paper>
      )}
      {queue.isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : queue.isError ? (
        <Alert severity="error">{apiErrorMessage(queue.error)}</Alert>
      ) : results.length === 0 ? (
        <Alert severity="info" data-testid="no-requests">
          {t('accreditation.noRequests')}
        </Alert>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" data-testid="accreditation-queue">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={selectedShown.length === results.length}
                    indeterminate={selectedShown.length > 0 && selectedShown.length < results.length}
                    onChange={(event) => setSelected(event.target.checked ? shownIds : [])}
                    slotProps={{ input: { 'aria-label': t('accreditation.selectAll') } }}
                  />
                </TableCell>
                <TableCell />
                <TableCell>{t('accreditation.journalist')}</TableCell>
                <TableCell>{t('accreditation.outlet')}</TableCell>
                <TableCell>{t('accreditation.country')}</TableCell>
                <TableCell>{t('accreditation.status')}</TableCell>
                <TableCell>{t('accreditation.askedOnColumn')}</TableCell>
                <TableCell align="right">{t('accreditation.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {results.map((item) => {
                const name = item.user.name || item.user.email;
                const expanded = open === item.id;
                return (
                  <Fragment key={item.id}>
                    <TableRow
                      hover
                      data-testid={`queue-row-${item.id}`}
                      sx={{ '& > td': { borderBottom: expanded ? 0 : undefined } }}
                    >
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={selected.includes(item.id)}
                          onChange={(event) =>
                            setSelected(
                              event.target.checked
                                ? [...selected, item.id]
                                : selected.filter((id) => id !== item.id),
                            )
                          }
                          slotProps={{ input: { 'aria-label': t('accreditation.selectRequest', { name }) } }}
                        />
                      </TableCell>
                      <TableCell padding="checkbox">
                        <IconButton
                          size="small"
                          aria-label={t('accreditation.details', { name })}
                          aria-expanded={expanded}
                          aria-controls={`request-details-${item.id}`}
                          onClick={() => setOpen(expanded ? null : item.id)}
                          data-testid={`toggle-${item.id}`}
                        >
                          {expanded ? <KeyboardArrowUp /> : <KeyboardArrowDown />}
                        </IconButton>
                      </TableCell>
                      <TableCell>
                        <Typography variant="body2" dir="auto">
                          {name}
                        </Typography>
                        <Typography variant="caption" color="text.secondary">
                          {item.user.email}
                        </Typography>
                      </TableCell>
                      <TableCell dir="auto">{item.outlet}</TableCell>
                      <TableCell>
                        {countryName(item.user.country, i18n.language) || item.user.country_unmapped}
                      </TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          color={item.expired ? 'default' : statusColour[item.status]}
                          label={
                            item.expired
                              ? t('accreditation.expired')
                              : t(`accreditation.short_${item.status}`)
                          }
                        />
                      </TableCell>
                      <TableCell>{medium.format(new Date(item.created_at))}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <Tooltip title={t('accreditation.approveOf', { name })}>
                          <span>
                            <IconButton
                              color="success"
                              aria-label={t('accreditation.approveOf', { name })}
                              disabled={item.expired || item.status === 'approved'}
                              onClick={() => act('approve', [item.id])}
                              data-testid={`approve-${item.id}`}
                            >
                              <CheckCircleOutline />
                            </IconButton>
                          </span>
                        </Tooltip>
                        <Tooltip title={t('accreditation.askMoreOf', { name })}>
                          <span>
                            <IconButton
                              aria-label={t('accreditation.askMoreOf', { name })}
                              disabled={item.expired}
                              onClick={() => act('ask', [item.id])}
                              data-testid={`ask-${item.id}`}
                            >
                              <HelpOutline />
                            </IconButton>
                          </span>
                        </Tooltip>
                        <Tooltip title={t('accreditation.rejectOf', { name })}>
                          <span>
                            <IconButton
                              color="error"
                              aria-label={t('accreditation.rejectOf', { name })}
                              disabled={item.expired || item.status === 'rejected'}
                              onClick={() => act('reject', [item.id])}
                              data-testid={`reject-${item.id}`}
                            >
                              <HighlightOff />
                            </IconButton>
                          </span>
                        </Tooltip>
                      </TableCell>
                    </TableRow>
                    <TableRow>
                      <TableCell colSpan={8} sx={{ py: 0 }}>
                        <Collapse in={expanded} unmountOnExit>
                          <RequestDetails item={item} id={`request-details-${item.id}`} />
                        </Collapse>
                      </TableCell>
                    </TableRow>
                  </Fragment>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {asking && (
        <MessageDialog
          decision={asking.decision}
          count={asking.ids.length}
          busy={decide.isPending}
          onClose={() => setAsking(null)}
          onSend={(message) => decide.mutate({ ids: asking.ids, decision: asking.decision, message })}
        />
      )}
    </Box>
  );
}
