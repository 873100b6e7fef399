import Add from '@mui/icons-material/Add';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
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
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
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
  type AccreditationQueueItem,
  type AccreditationRequestStatus,
  accreditationRequestStatuses,
  countryName,
  type Edition,
  editionCreateSchema,
  type ProofFile,
} from '@pressroom/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Page } from '../../../components/page.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { translateMessage } from '../../../lib/i18n/contract-messages.ts';
import { notify } from '../../../lib/notifications.ts';
import { useSession } from '../../../lib/session.ts';
import { sitesQuery } from '../../../lib/sites-query.ts';
import {
  accreditationApi,
  accreditationQueueQuery,
  editionsQuery,
  type QueueFilter,
} from '../api/accreditation-api.ts';
import { statusColour } from '../components/status-colour.ts';

type Decision = 'approve' | 'reject' | 'ask';

/**
 * The press office's accreditation: the editions of the fair (dates, whether proof is required), and the queue
 * of requests with their proof shown inline, filtered by edition, status and country, decided one at a time
 * or several at once. Every decision is mailed to the journalist by the server.
 */
export default function AccreditationAdminScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  const allowed = user?.permissions.includes('journalist.accredit') ?? false;
  if (!allowed) {
    return (
      <Page title={t('accreditation.adminTitle')}>
        <Alert severity="warning">{t('accreditation.notAllowed')}</Alert>
      </Page>
    );
  }
  return (
    <Page title={t('accreditation.adminTitle')}>
      <Stack spacing={4}>
        <EditionsSection />
        <QueueSection />
      </Stack>
    </Page>
  );
}

// ------------------------------------------------------------------------------------------------ editions

function EditionsSection() {
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

function EditionDialog({ edition, onClose }: { edition: Edition | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const sites = useQuery(sitesQuery);
  const [values, setValues] = useState({
    site: edition?.site ?? 0,
    name: edition?.name ?? '',
    starts_on: edition?.starts_on ?? '',
    ends_on: edition?.ends_on ?? '',
    proof_required: edition?.proof_required ?? true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!edition && values.site === 0 && sites.data?.[0])
      setValues((current) => ({ ...current, site: sites.data[0].id }));
  }, [edition, sites.data, values.site]);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const parsed = editionCreateSchema.safeParse(values);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues)
        found[String(issue.path[0])] ??= translateMessage(issue.message) ?? '';
      setErrors(found);
      return;
    }
    setBusy(true);
    try {
      if (edition) {
        const { site: _site, ...changes } = parsed.data;
        await accreditationApi.updateEdition(edition.id, changes);
      } else {
        await accreditationApi.createEdition(parsed.data);
      }
      notify.success(t('accreditation.editionSaved'));
      await queryClient.invalidateQueries({ queryKey: ['accreditation'] });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setErrors(error.fieldErrors);
      else setErrors({ non_field_errors: apiErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  const field = (name: 'name' | 'starts_on' | 'ends_on') => ({
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      setValues({ ...values, [name]: event.target.value });
      setErrors({ ...errors, [name]: '' });
    },
    error: Boolean(errors[name]),
    helperText: errors[name] || undefined,
    fullWidth: true,
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby="edition-dialog-title" fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={save}>
        <DialogTitle id="edition-dialog-title">
          {edition ? t('accreditation.editEdition') : t('accreditation.addEdition')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {!edition && (
              <TextField
                select
                label={t('accreditation.site')}
                value={values.site || ''}
                onChange={(event) => setValues({ ...values, site: Number(event.target.value) })}
                fullWidth
                slotProps={{ htmlInput: { 'data-testid': 'edition-site' } }}
              >
                {(sites.data ?? []).map((site) => (
                  <MenuItem key={site.id} value={site.id}>
                    {site.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <TextField
              label={t('accreditation.editionName')}
              required
              {...field('name')}
              slotProps={{ htmlInput: { maxLength: 150, 'data-testid': 'edition-name' } }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                type="date"
                label={t('accreditation.startsOn')}
                required
                {...field('starts_on')}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'edition-starts' } }}
              />
              <TextField
                type="date"
                label={t('accreditation.endsOn')}
                required
                {...field('ends_on')}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'edition-ends' } }}
              />
            </Stack>
            <FormControlLabel
              control={
                <Switch
                  checked={values.proof_required}
                  onChange={(event) => setValues({ ...values, proof_required: event.target.checked })}
                />
              }
              label={t('accreditation.proofRequired')}
            />
            {errors.non_field_errors && <Alert severity="error">{errors.non_field_errors}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('accreditation.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="edition-save">
            {t('accreditation.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

// --------------------------------------------------------------------------------------------------- queue

function QueueSection() {
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

function RequestDetails({ item, id }: { item: AccreditationQueueItem; id: string }) {
  const { t, i18n } = useTranslation();
  const medium = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  const line = (label: string, value: string) =>
    value ? (
      <Box>
        <Typography variant="subtitle2" component="p">
          {label}
        </Typography>
        <Typography dir="auto" sx={{ whiteSpace: 'pre-line' }}>
          {value}
        </Typography>
      </Box>
    ) : null;
  return (
    <Stack spacing={1.5} sx={{ py: 2 }} id={id} data-testid="request-details">
      <Typography variant="body2">
        {t(`mediaType.${item.media_type}`)} · {item.role} · {t(`accreditation.proofKind_${item.proof_kind}`)}
        {item.article_date ? ` (${medium.format(new Date(`${item.article_date}T00:00:00Z`))})` : ''}
      </Typography>
      {line(t('accreditation.messageFrom'), item.message)}
      {line(t('accreditation.questionAsked'), item.question)}
      {line(t('accreditation.answer'), item.answer)}
      {line(t('accreditation.reasonGiven'), item.reason)}
      {item.proofs.length === 0 ? (
        <Typography color="text.secondary">{t('accreditation.noProof')}</Typography>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          {item.proofs.map((proof) => (
            <ProofPreview key={proof.id} proof={proof} owner={item.user.name || item.user.email} />
          ))}
        </Box>
      )}
    </Stack>
  );
}

/** A proof shown in the page: images inline, PDFs opened in a new tab; fetched with the sign-in token. */
function ProofPreview({ proof, owner }: { proof: ProofFile; owner: string }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    accreditationApi
      .file(proof.url)
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch((error) => setFailure(apiErrorMessage(error)));
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [proof.url]);
  const label = t('accreditation.openFile', { name: proof.file_name });
  if (failure) return <Alert severity="error">{failure}</Alert>;
  if (!url) return <Skeleton variant="rounded" width={220} height={160} />;
  return (
    <Box sx={{ maxWidth: 320 }}>
      {proof.mime.startsWith('image/') && (
        <Box
          component="img"
          src={url}
          alt={`${owner}: ${proof.file_name}`}
          sx={{
            display: 'block',
            maxWidth: '100%',
            maxHeight: 240,
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
          }}
          data-testid="proof-image"
        />
      )}
      <Button size="small" href={url} target="_blank" rel="noopener" aria-label={label} sx={{ mt: 0.5 }}>
        {proof.file_name}
      </Button>
    </Box>
  );
}

function MessageDialog({
  decision,
  count,
  busy,
  onClose,
  onSend,
}: {
  decision: 'reject' | 'ask';
  count: number;
  busy: boolean;
  onClose: () => void;
  onSend: (message: string) => void;
}) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!message.trim()) {
      setError(translateMessage('accreditationMessageRequired') ?? null);
      return;
    }
    onSend(message.trim());
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="decision-dialog-title" fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="decision-dialog-title">
          {t(decision === 'reject' ? 'accreditation.rejectTitle' : 'accreditation.askTitle', { count })}
        </DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={3}
            margin="dense"
            label={t(decision === 'reject' ? 'accreditation.reasonLabel' : 'accreditation.questionLabel')}
            value={message}
            onChange={(event) => {
              setMessage(event.target.value);
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error}
            slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'decision-message' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('accreditation.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            color={decision === 'reject' ? 'error' : 'primary'}
            disabled={busy}
            data-testid="decision-send"
          >
            {t(decision === 'reject' ? 'accreditation.reject' : 'accreditation.askMore')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
