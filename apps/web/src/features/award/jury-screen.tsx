import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { awardLimits, awardScoreSchema, type JuryList, pickLocalized } from '@pressroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadingPlaceholder } from '../../components/loading-placeholder.tsx';
import { Page } from '../../components/page.tsx';
import { apiErrorMessage } from '../../lib/api-error-message.ts';
import { translateMessage } from '../../lib/i18n/contract-messages.ts';
import { notify } from '../../lib/notifications.ts';
import { formatDay } from '../../lib/zoned-time.ts';
import { awardApi, juryQuery } from './api.ts';
import { AwardFacts } from './award-screen.tsx';

const scores = Array.from({ length: 10 }, (_, index) => index + 1);

/** The juror's entries, by category: each read, then scored 1 to 10 with a comment, until judging closes. */
export default function JuryScreen() {
  const { t, i18n } = useTranslation();
  const awardId = Number(useParams().id);
  const jury = useQuery(juryQuery(awardId));
  const award = jury.data?.award;
  return (
    <Page
      title={
        award ? t('award.juryTitle', { name: pickLocalized(award.name, i18n.language) }) : t('award.jury')
      }
    >
      {jury.isError ? (
        <Alert severity="error">{apiErrorMessage(jury.error, t('award.loadError'))}</Alert>
      ) : !jury.data || !award ? (
        <LoadingPlaceholder height={240} />
      ) : (
        <Stack spacing={3}>
          <Typography sx={{ maxWidth: '70ch' }}>{t('award.juryIntro')}</Typography>
          <AwardFacts award={award} />
          {award.judging_closed && <Alert severity="info">{t('award.judgingClosed')}</Alert>}
          {jury.data.entries.length === 0 ? (
            <Alert severity="info" data-testid="jury-empty">
              {t('award.juryEmpty')}
            </Alert>
          ) : (
            award.categories
              .filter((category) => jury.data.entries.some((entry) => entry.category === category.id))
              .map((category) => (
                <Box component="section" key={category.id} aria-labelledby={`jury-category-${category.id}`}>
                  <Typography id={`jury-category-${category.id}`} component="h2" variant="h6" sx={{ mb: 1 }}>
                    {pickLocalized(category.name, i18n.language)}
                  </Typography>
                  <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                    {jury.data.entries
                      .filter((entry) => entry.category === category.id)
                      .map((entry) => (
                        <JuryEntry
                          key={entry.id}
                          entry={entry}
                          awardId={awardId}
                          closed={award.judging_closed}
                        />
                      ))}
                  </Stack>
                </Box>
              ))
          )}
        </Stack>
      )}
    </Page>
  );
}

function JuryEntry({
  entry,
  awardId,
  closed,
}: {
  entry: JuryList['entries'][number];
  awardId: number;
  closed: boolean;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [score, setScore] = useState<string>(entry.score === null ? '' : String(entry.score));
  const [comment, setComment] = useState(entry.comment);
  const [error, setError] = useState<{ score?: string; comment?: string }>({});
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const parsed = awardScoreSchema.safeParse({ score: score === '' ? undefined : Number(score), comment });
    if (!parsed.success) {
      const issues = Object.fromEntries(
        parsed.error.issues.map((issue) => [String(issue.path[0]), translateMessage(issue.message) ?? '']),
      );
      setError(issues);
      return;
    }
    setError({});
    setBusy(true);
    try {
      const list = await awardApi.score(entry.id, parsed.data);
      queryClient.setQueryData(juryQuery(awardId).queryKey, list);
      notify.success(t('award.saved'));
    } catch (failure) {
      notify.error(apiErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  const scoreId = `jury-score-${entry.id}`;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }} data-testid="jury-entry">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 0.5 }}>
        <Chip
          size="small"
          color={entry.score === null ? 'default' : 'primary'}
          label={entry.score === null ? t('award.notScored') : t('award.yourScore', { score: entry.score })}
        />
      </Box>
      <Typography sx={{ fontWeight: 600 }}>
        <Link href={entry.coverage.url} target="_blank" rel="noopener noreferrer" dir="auto">
          {entry.coverage.title}
        </Link>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('award.published', {
          outlet: entry.coverage.outlet,
          date: formatDay(entry.coverage.published_on, i18n.language),
        })}{' '}
        · {t('award.by', { name: entry.journalist })}
      </Typography>
      {entry.statement && (
        <Typography variant="body2" sx={{ mt: 1 }} dir="auto">
          {entry.statement}
        </Typography>
      )}
      {!closed && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ mt: 2, alignItems: { sm: 'flex-start' } }}
        >
          <TextField
            select
            id={scoreId}
            label={t('award.score')}
            value={score}
            onChange={(event) => setScore(event.target.value)}
            error={Boolean(error.score)}
            helperText={error.score}
            sx={{ minWidth: 120 }}
            slotProps={{ htmlInput: { 'data-testid': 'jury-score' } }}
          >
            {scores.map((value) => (
              <MenuItem key={value} value={String(value)}>
                {new Intl.NumberFormat(i18n.language).format(value)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('award.comment')}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            error={Boolean(error.comment)}
            helperText={error.comment}
            multiline
            minRows={2}
            fullWidth
            slotProps={{
              htmlInput: { maxLength: awardLimits.comment, dir: 'auto', 'data-testid': 'jury-comment' },
            }}
          />
          <Button
            variant="contained"
            onClick={save}
            disabled={busy}
            sx={{ flexShrink: 0 }}
            data-testid="jury-save"
          >
            {t('award.save')}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
