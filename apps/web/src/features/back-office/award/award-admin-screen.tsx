import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Award, type AwardRanking, apiPaths, pickLocalized } from '@pressroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingPlaceholder } from '../../../components/loading-placeholder.tsx';
import { Page } from '../../../components/page.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { notify } from '../../../lib/notifications.ts';
import { releasePickQuery } from '../../../lib/release-pick.ts';
import { useSiteGroup } from '../../../lib/site.ts';
import { formatDayRange, formatZonedMoment, zoneName } from '../../../lib/zoned-time.ts';
import { awardAdminApi, awardsQuery, jurorCandidatesQuery, rankingQuery } from './award-api.ts';
import { CreateAwardDialog } from './create-award-dialog.tsx';

/** The press office's journalism award: open one per edition, choose the juries, read the ranking, crown. */
export default function AwardAdminScreen() {
  const { t, i18n } = useTranslation();
  const awards = useQuery(awardsQuery);
  const [chosen, setChosen] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const award = awards.data?.find((item) => item.id === chosen) ?? awards.data?.[0] ?? null;
  return (
    <Page
      title={t('awardAdmin.title')}
      actions={
        <Button variant="contained" onClick={() => setCreating(true)} data-testid="award-open">
          {t('awardAdmin.open')}
        </Button>
      }
    >
      <Typography sx={{ mb: 3, maxWidth: '70ch' }}>{t('awardAdmin.intro')}</Typography>
      {awards.isError ? (
        <Alert severity="error">{apiErrorMessage(awards.error, t('awardAdmin.loadError'))}</Alert>
      ) : !awards.data ? (
        <LoadingPlaceholder height={240} />
      ) : !award ? (
        <Alert severity="info" data-testid="award-admin-none">
          {t('awardAdmin.none')}
        </Alert>
      ) : (
        <Stack spacing={3}>
          {awards.data.length > 1 && (
            <TextField
              select
              label={t('awardAdmin.award')}
              value={String(award.id)}
              onChange={(event) => setChosen(Number(event.target.value))}
              sx={{ maxWidth: 480 }}
            >
              {awards.data.map((item) => (
                <MenuItem key={item.id} value={String(item.id)}>
                  {pickLocalized(item.name, i18n.language)} · {item.edition.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <AwardPanel award={award} />
        </Stack>
      )}
      {creating && (
        <CreateAwardDialog
          onClose={() => setCreating(false)}
          onCreated={async (created) => {
            setChosen(created.id);
            await awards.refetch();
          }}
        />
      )}
    </Page>
  );
}

function AwardPanel({ award }: { award: Award }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const ranking = useQuery(rankingQuery(award.id));
  const [busy, setBusy] = useState(false);
  const [juryOf, setJuryOf] = useState<Award['categories'][number] | null>(null);
  const zone = award.edition.time_zone;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['back-office', 'awards'] });
  const toggleJudging = async () => {
    setBusy(true);
    try {
      await awardAdminApi.update(award.id, { judging_closed: !award.judging_closed });
      notify.success(t(award.judging_closed ? 'awardAdmin.judgingReopened' : 'awardAdmin.judgingClosedDone'));
    } catch (error) {
      notify.error(apiErrorMessage(error));
    } finally {
      await refresh();
      setBusy(false);
    }
  };
  const download = async (url: string, fileName: string) => {
    try {
      await awardAdminApi.download(url, fileName);
    } catch (error) {
      notify.error(apiErrorMessage(error));
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="award-panel">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <Typography component="h2" variant="h5" sx={{ mr: 1 }}>
          {pickLocalized(award.name, i18n.language)}
        </Typography>
        <Chip size="small" label={award.edition.name} />
        <Chip
          size="small"
          color={award.judging_closed ? 'default' : 'primary'}
          label={t(award.judging_closed ? 'awardAdmin.judgingClosed' : 'awardAdmin.judgingOpen')}
          data-testid="award-judging"
        />
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('awardAdmin.facts', {
          deadline: formatZonedMoment(award.entry_deadline, i18n.language, zone),
          zone: zoneName(zone, i18n.language, award.entry_deadline),
          from: formatDayRange(award.window_starts_on, award.window_starts_on, i18n.language),
          to: formatDayRange(award.window_ends_on, award.window_ends_on, i18n.language),
        })}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 3 }}>
        <Button variant="outlined" onClick={toggleJudging} disabled={busy} data-testid="award-toggle-judging">
          {t(award.judging_closed ? 'awardAdmin.reopenJudging' : 'awardAdmin.closeJudging')}
        </Button>
        <Button onClick={() => download(apiPaths.awardRankingCsv(award.id), `award-${award.id}-ranking.csv`)}>
          {t('awardAdmin.csv')}
        </Button>
        <Button onClick={() => download(apiPaths.awardRankingPdf(award.id), `award-${award.id}-ranking.pdf`)}>
          {t('awardAdmin.pdf')}
        </Button>
      </Stack>
      <Stack spacing={4}>
        {award.categories.map((category) => (
          <CategoryRanking
            key={category.id}
            award={award}
            category={category}
            ranking={ranking.data?.categories.find((item) => item.id === category.id) ?? null}
            onJury={() => setJuryOf(category)}
          />
        ))}
      </Stack>
      {ranking.data?.categories.some((category) => category.entries.some((entry) => entry.winner)) && (
        <AnnouncePanel award={award} onSaved={refresh} />
      )}
      {juryOf && <JurorsDialog category={juryOf} onClose={() => setJuryOf(null)} onSaved={refresh} />}
    </Paper>
  );
}

/**
 * Once winners are marked, the office announces them on one of the site's releases: its page lists them under
 * "Winners" (the journalist named only with their consent). Taking it back leaves the release as it was.
 */
function AnnouncePanel({ award, onSaved }: { award: Award; onSaved: () => Promise<unknown> }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const site = useSiteGroup();
  const [search, setSearch] = useState('');
  const [release, setRelease] = useState<{ id: number; title: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const choices = useQuery(releasePickQuery(site.data?.id, search, i18n.language));
  const save = async (releaseId: number | null) => {
    setBusy(true);
    try {
      await awardAdminApi.update(award.id, { announcement_release: releaseId });
      notify.success(t(releaseId === null ? 'awardAdmin.announcementRemoved' : 'awardAdmin.announced'));
      setRelease(null);
      await onSaved();
    } catch (error) {
      notify.error(apiErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }} data-testid="award-announce">
      <Typography id={headingId} component="h3" variant="h6" sx={{ mb: 1 }}>
        {t('awardAdmin.announceTitle')}
      </Typography>
      {award.announcement_release ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
          <Typography data-testid="award-announced-on">
            {t('awardAdmin.announcedOn', { title: award.announcement_release.title })}
          </Typography>
          <Button size="small" onClick={() => save(null)} disabled={busy} data-testid="award-announce-remove">
            {t('awardAdmin.announceRemove')}
          </Button>
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('awardAdmin.announceHint')}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
        <Autocomplete
          sx={{ flex: '1 1 280px', maxWidth: 560 }}
          options={choices.data ?? []}
          loading={choices.isFetching}
          value={release}
          onChange={(_event, value) => setRelease(value)}
          onInputChange={(_event, value) => setSearch(value)}
          getOptionLabel={(option) => option.title}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          filterOptions={(options) => options}
          noOptionsText={t('awardAdmin.announceNoRelease')}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('awardAdmin.announceRelease')}
              data-testid="award-announce-release"
            />
          )}
        />
        <Button
          variant="contained"
          onClick={() => release && save(release.id)}
          disabled={busy || !release}
          data-testid="award-announce-save"
        >
          {t('awardAdmin.announce')}
        </Button>
      </Box>
    </Box>
  );
}

function CategoryRanking({
  award,
  category,
  ranking,
  onJury,
}: {
  award: Award;
  category: Award['categories'][number];
  ranking: AwardRanking['categories'][number] | null;
  onJury: () => void;
}) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const mark = async (entryId: number, winner: boolean) => {
    try {
      const answer = await awardAdminApi.winner(entryId, winner);
      queryClient.setQueryData(rankingQuery(award.id).queryKey, answer);
      notify.success(t('awardAdmin.winnerMarked'));
    } catch (error) {
      notify.error(apiErrorMessage(error));
    }
  };
  const name = pickLocalized(category.name, i18n.language);
  return (
    <Box component="section" aria-labelledby={headingId} data-testid="award-category">
      <Typography id={headingId} component="h3" variant="h6">
        {name}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', my: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t('awardAdmin.jurors')}:
        </Typography>
        {category.jurors.length === 0 ? (
          <Typography variant="body2">{t('awardAdmin.noJurors')}</Typography>
        ) : (
          category.jurors.map((juror) => <Chip key={juror.id} size="small" label={juror.name} />)
        )}
        <Button size="small" onClick={onJury} data-testid="award-edit-jurors">
          {t('awardAdmin.editJurors')}
        </Button>
      </Box>
      {!ranking ? (
        <LoadingPlaceholder height={80} />
      ) : ranking.entries.length === 0 ? (
        <Typography color="text.secondary">{t('awardAdmin.noEntries')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby={headingId} data-testid="award-ranking">
            <TableHead>
              <TableRow>
                <TableCell>{t('awardAdmin.rank')}</TableCell>
                <TableCell>{t('awardAdmin.piece')}</TableCell>
                <TableCell>{t('awardAdmin.journalist')}</TableCell>
                <TableCell align="right">{t('awardAdmin.mean')}</TableCell>
                <TableCell align="right">{t('awardAdmin.scores')}</TableCell>
                <TableCell align="right">{t('awardAdmin.spread')}</TableCell>
                <TableCell>{t('awardAdmin.winner')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {ranking.entries.map((entry) => (
                <TableRow key={entry.id} data-testid="award-ranking-row">
                  <TableCell>{number.format(entry.rank)}</TableCell>
                  <TableCell sx={{ minWidth: 200 }}>
                    <Link href={entry.coverage.url} target="_blank" rel="noopener noreferrer" dir="auto">
                      {entry.coverage.title}
                    </Link>
                    <Typography variant="body2" color="text.secondary">
                      {entry.coverage.outlet}
                    </Typography>
                  </TableCell>
                  <TableCell>{entry.journalist}</TableCell>
                  <TableCell align="right">
                    {entry.mean === null ? t('awardAdmin.notScored') : number.format(entry.mean)}
                  </TableCell>
                  <TableCell align="right">{number.format(entry.scores)}</TableCell>
                  <TableCell align="right">
                    {entry.spread === null ? '' : number.format(entry.spread)}
                  </TableCell>
                  <TableCell>
                    <Box sx={{ display: 'flex', alignItems: 'center' }}>
                      <Switch
                        checked={entry.winner}
                        disabled={!award.judging_closed}
                        onChange={(event) => mark(entry.id, event.target.checked)}
                        slotProps={{
                          input: { 'aria-label': t('awardAdmin.winnerOf', { title: entry.coverage.title }) },
                        }}
                      />
                      {entry.winner && <EmojiEventsOutlined color="success" aria-hidden />}
                    </Box>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

function JurorsDialog({
  category,
  onClose,
  onSaved,
}: {
  category: Award['categories'][number];
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const candidates = useQuery(jurorCandidatesQuery);
  const [chosen, setChosen] = useState<Set<number>>(new Set(category.jurors.map((juror) => juror.id)));
  const [busy, setBusy] = useState(false);
  const toggle = (id: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const save = async () => {
    setBusy(true);
    try {
      await awardAdminApi.setJurors(category.id, [...chosen]);
      notify.success(t('awardAdmin.jurorsSaved'));
      await onSaved();
      onClose();
    } catch (error) {
      notify.error(apiErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      data-testid="award-jurors-dialog"
    >
      <DialogTitle id={titleId}>
        {t('awardAdmin.jurorsTitle', { category: pickLocalized(category.name, i18n.language) })}
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('awardAdmin.jurorsHint')}
        </Typography>
        {!candidates.data ? (
          <LoadingPlaceholder height={80} />
        ) : candidates.data.length === 0 ? (
          <Typography>{t('awardAdmin.noCandidates')}</Typography>
        ) : (
          <FormGroup>
            {candidates.data.map((candidate) => (
              <FormControlLabel
                key={candidate.id}
                control={
                  <Checkbox checked={chosen.has(candidate.id)} onChange={() => toggle(candidate.id)} />
                }
                label={`${candidate.name} (${candidate.email})`}
              />
            ))}
          </FormGroup>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('awardAdmin.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={busy} data-testid="award-jurors-save">
          {t('awardAdmin.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
