import { zodResolver } from '@hookform/resolvers/zod';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type Award,
  type AwardEntry,
  awardEntryCreateSchema,
  type MyAward,
  pickLocalized,
} from '@pressroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { FormSelectField, FormTextField } from '../../components/form-fields.tsx';
import { LoadingPlaceholder } from '../../components/loading-placeholder.tsx';
import { Page } from '../../components/page.tsx';
import { paths } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { apiErrorMessage } from '../../lib/api-error-message.ts';
import { notify } from '../../lib/notifications.ts';
import { useSession } from '../../lib/session.ts';
import { formatDay, formatDayRange, formatZonedMoment, zoneName } from '../../lib/zoned-time.ts';
import { awardApi, myAwardQuery } from './api.ts';

/** The award's deadline and window, said in the reader's language at the fair's clock. */
export function AwardFacts({ award }: { award: Award }) {
  const { t, i18n } = useTranslation();
  const zone = award.edition.time_zone;
  const deadline = formatZonedMoment(award.entry_deadline, i18n.language, zone);
  return (
    <Stack spacing={0.5}>
      <Typography data-testid="award-deadline">
        {t(award.open ? 'award.deadline' : 'award.closed', {
          deadline,
          zone: zoneName(zone, i18n.language, award.entry_deadline),
        })}
      </Typography>
      <Typography color="text.secondary">
        {t('award.window', {
          from: formatDayRange(award.window_starts_on, award.window_starts_on, i18n.language),
          to: formatDayRange(award.window_ends_on, award.window_ends_on, i18n.language),
          count: award.entries_per_category,
        })}
      </Typography>
    </Stack>
  );
}

/** The journalism award for journalists: what it is, their entries (withdrawn until the deadline), a new entry. */
export default function AwardScreen() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const mine = useQuery(myAwardQuery());
  const award = mine.data?.award ?? null;
  return (
    <Page title={award ? pickLocalized(award.name, i18n.language) : t('award.title')}>
      {mine.isError ? (
        <Alert severity="error">{apiErrorMessage(mine.error, t('award.loadError'))}</Alert>
      ) : !mine.data ? (
        <LoadingPlaceholder height={240} />
      ) : !award ? (
        <Alert severity="info" data-testid="award-none">
          {t('award.none')}
        </Alert>
      ) : (
        <Stack spacing={3}>
          <Typography sx={{ maxWidth: '70ch' }}>{t('award.intro')}</Typography>
          <AwardFacts award={award} />
          <Box>
            <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
              {t('award.categories')}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {award.categories.map((category) => (
                <Chip key={category.id} label={pickLocalized(category.name, i18n.language)} />
              ))}
            </Box>
          </Box>
          {user?.permissions.includes('award.judge') && (
            <Box>
              <Button component={RouterLink} to={paths.awardJury(award.id)} variant="outlined">
                {t('award.juryLink')}
              </Button>
            </Box>
          )}
          <Entries award={award} entries={mine.data.entries} />
          {award.open && <EntryForm mine={mine.data} award={award} />}
        </Stack>
      )}
    </Page>
  );
}

function Entries({ award, entries }: { award: Award; entries: AwardEntry[] }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const [withdrawing, setWithdrawing] = useState<AwardEntry | null>(null);
  const categoryName = (id: number) =>
    pickLocalized(award.categories.find((category) => category.id === id)?.name, i18n.language);
  const withdraw = async () => {
    if (!withdrawing) return;
    try {
      await awardApi.withdraw(withdrawing.id);
      notify.success(t('award.withdrawn'));
    } catch (error) {
      notify.error(apiErrorMessage(error));
      throw error;
    } finally {
      await queryClient.invalidateQueries({ queryKey: ['award'] });
    }
  };
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('award.yourEntries')}
      </Typography>
      {entries.length === 0 ? (
        <Typography color="text.secondary" data-testid="award-no-entries">
          {t('award.noEntries')}
        </Typography>
      ) : (
        <Stack
          component="ul"
          spacing={1.5}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
          data-testid="award-entries"
        >
          {entries.map((entry) => (
            <Paper component="li" key={entry.id} variant="outlined" sx={{ p: 2 }} data-testid="award-entry">
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 0.5 }}>
                <Chip size="small" label={categoryName(entry.category)} />
                {entry.winner && (
                  <Chip
                    size="small"
                    color="success"
                    icon={<EmojiEventsOutlined />}
                    label={t('award.winner')}
                  />
                )}
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
                })}
              </Typography>
              {entry.statement && (
                <Typography variant="body2" sx={{ mt: 1 }} dir="auto">
                  {entry.statement}
                </Typography>
              )}
              {award.open && (
                <Button
                  size="small"
                  sx={{ mt: 1 }}
                  onClick={() => setWithdrawing(entry)}
                  data-testid="award-withdraw"
                >
                  {t('award.withdraw')}
                </Button>
              )}
            </Paper>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        open={withdrawing !== null}
        title={t('award.withdrawTitle')}
        text={t('award.withdrawText', { title: withdrawing?.coverage.title ?? '' })}
        confirmLabel={t('award.withdraw')}
        cancelLabel={t('award.keep')}
        onConfirm={withdraw}
        onClose={() => setWithdrawing(null)}
        testId="award-withdraw-dialog"
      />
    </Box>
  );
}

interface EntryFormValues {
  coverage: string;
  category: string;
  statement: string;
}

/** The form sends ids as numbers: the contract's schema judges them as the server does. */
const toBody = (values: EntryFormValues) => ({
  coverage: values.coverage ? Number(values.coverage) : undefined,
  category: values.category ? Number(values.category) : undefined,
  statement: values.statement,
});

function EntryForm({ mine, award }: { mine: MyAward; award: Award }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const resolver: Resolver<EntryFormValues> = (values, context, options) =>
    zodResolver(awardEntryCreateSchema)(toBody(values) as never, context, options as never) as never;
  const form = useForm<EntryFormValues>({
    resolver,
    defaultValues: {
      coverage: mine.eligible[0] ? String(mine.eligible[0].id) : '',
      category: award.categories[0] ? String(award.categories[0].id) : '',
      statement: '',
    },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await awardApi.enter(awardEntryCreateSchema.parse(toBody(values)));
      notify.success(t('award.entered'));
      form.reset({ ...values, statement: '' });
      await queryClient.invalidateQueries({ queryKey: ['award'] });
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          if (field === 'coverage' || field === 'category' || field === 'statement') {
            form.setError(field, { message });
          }
        }
      }
      notify.error(apiErrorMessage(error));
    }
  });
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ mb: 2 }}>
        {t('award.enterTitle')}
      </Typography>
      {mine.eligible.length === 0 ? (
        <Typography color="text.secondary" data-testid="award-no-eligible">
          {t('award.noEligible')}{' '}
          <Link component={RouterLink} to={paths.myCoverage}>
            {t('award.myCoverage')}
          </Link>
        </Typography>
      ) : (
        <Stack component="form" spacing={2} noValidate onSubmit={submit} data-testid="award-entry-form">
          <FormSelectField
            control={form.control}
            name="coverage"
            label={t('award.piece')}
            options={mine.eligible.map((piece) => ({
              value: String(piece.id),
              label: `${piece.title} (${piece.outlet}, ${formatDay(piece.published_on, i18n.language, 'short')})`,
            }))}
            slotProps={{ htmlInput: { 'data-testid': 'award-piece' } }}
          />
          <FormSelectField
            control={form.control}
            name="category"
            label={t('award.category')}
            options={award.categories.map((category) => ({
              value: String(category.id),
              label: pickLocalized(category.name, i18n.language),
            }))}
            slotProps={{ htmlInput: { 'data-testid': 'award-category' } }}
          />
          <FormTextField
            control={form.control}
            name="statement"
            label={t('award.statement')}
            multiline
            minRows={3}
            slotProps={{ htmlInput: { 'data-testid': 'award-statement', dir: 'auto' } }}
          />
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={form.formState.isSubmitting}
              data-testid="award-enter"
            >
              {t('award.enter')}
            </Button>
          </Box>
        </Stack>
      )}
    </Paper>
  );
}
