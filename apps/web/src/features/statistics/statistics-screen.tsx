import Download from '@mui/icons-material/Download';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
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
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { readKinds, type Statistics, type StatisticsQuery } from '@pressroom/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountryField } from '../../components/country-field.tsx';
import { Page } from '../../components/page.tsx';
import { saveBlob } from '../../lib/api-client.ts';
import { apiErrorMessage } from '../../lib/api-error-message.ts';
import { notify } from '../../lib/notifications.ts';
import { useSession } from '../../lib/session.ts';
import { useSiteGroup } from '../../lib/site.ts';
import { sitesQuery } from '../../lib/sites-query.ts';
import { companiesWithReleasesQuery, statisticsFiles, statisticsQuery } from './api/statistics-api.ts';
import { withPeriodEnd } from './statistics-period.ts';

/** A titled section: a chart above the same figures as a table. */
function Figure({ title, chart, table }: { title: string; chart?: ReactNode; table: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: 2, height: '100%' }}>
      <Typography id={id} component="h2" variant="h6" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {chart && <Box sx={{ mb: 1 }}>{chart}</Box>}
      {table}
    </Paper>
  );
}

function SimpleTable({
  caption,
  head,
  rows,
  numeric = 1,
}: {
  caption: string;
  head: string[];
  rows: (string | number)[][];
  /** How many of the last columns are numbers (aligned to the end). */
  numeric?: number;
}) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const align = (index: number) => (index >= head.length - numeric ? 'right' : 'left');
  return (
    // A long table scrolls: the keyboard reaches it too.
    <TableContainer sx={{ maxHeight: 320 }} tabIndex={0} role="region" aria-label={caption}>
      <Table size="small" stickyHeader>
        <caption
          style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
        >
          {caption}
        </caption>
        <TableHead>
          <TableRow>
            {head.map((cell, index) => (
              <TableCell key={cell} align={align(index)}>
                {cell}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={head.length} sx={{ color: 'text.secondary' }}>
                {t('statistics.none')}
              </TableCell>
            </TableRow>
          )}
          {rows.map((row) => (
            <TableRow key={row.join('|')}>
              {row.map((cell, index) => (
                <TableCell key={head[index]} align={align(index)} dir="auto">
                  {typeof cell === 'number' ? number.format(cell) : cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * What was read and downloaded: the press office's dashboard (any site and period), or a member company's own
 * figures for its administrators ("your fair in the press"), with CSV and PDF exports. Every chart has its
 * table; no reader is ever named.
 */
export default function StatisticsScreen() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const allowed =
    (user?.permissions.includes('press_release.manage_all') ||
      user?.permissions.includes('press_release.publish_own_company')) ??
    false;
  const [filter, setFilter] = useState<StatisticsQuery>({});
  // The figures shown stay while the next period's load, so that its dates do not blank meanwhile.
  const figures = useQuery({
    ...statisticsQuery(filter),
    enabled: allowed,
    placeholderData: keepPreviousData,
  });
  const sites = useQuery({ ...sitesQuery, enabled: allowed });
  // The press office may look at one member company's figures; a company's administrators only see theirs.
  const office = user?.permissions.includes('press_release.manage_all') ?? false;
  const siteGroup = useSiteGroup();
  const companies = useQuery({
    ...companiesWithReleasesQuery(filter.site ?? siteGroup.data?.id),
    enabled: allowed && office,
  });
  if (!allowed) {
    return (
      <Page title={t('statistics.title')}>
        <Alert severity="warning">{t('statistics.notAllowed')}</Alert>
      </Page>
    );
  }
  const data = figures.data;
  const title = data?.company
    ? t('statistics.companyTitle', { company: data.company.name })
    : t('statistics.title');
  const exportFile = async (kind: 'csv' | 'report') => {
    try {
      const blob = await statisticsFiles[kind](filter);
      const period = data ? `${data.from}-${data.to}` : 'period';
      saveBlob(blob, kind === 'csv' ? `press-room-figures-${period}.csv` : `press-room-report-${period}.pdf`);
    } catch (error) {
      notify.error(apiErrorMessage(error));
    }
  };
  return (
    <Page
      title={title}
      actions={
        <Stack direction="row" spacing={1}>
          <Button startIcon={<Download />} onClick={() => exportFile('csv')} data-testid="statistics-csv">
            {t('statistics.exportCsv')}
          </Button>
          <Button
            startIcon={<PictureAsPdfOutlined />}
            onClick={() => exportFile('report')}
            data-testid="statistics-pdf"
          >
            {t('statistics.exportPdf')}
          </Button>
        </Stack>
      }
    >
      <Typography sx={{ mb: 2, maxWidth: '75ch' }}>{t('statistics.intro')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }}>
        <TextField
          select
          size="small"
          label={t('statistics.site')}
          value={filter.site ?? ''}
          onChange={(event) => setFilter({ ...filter, site: Number(event.target.value) || undefined })}
          sx={{ minWidth: 220 }}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">{t('statistics.allSites')}</MenuItem>
          {(sites.data ?? []).map((site) => (
            <MenuItem key={site.id} value={site.id}>
              {site.name}
            </MenuItem>
          ))}
        </TextField>
        {office && (
          <TextField
            select
            size="small"
            label={t('statistics.company')}
            value={filter.company ?? ''}
            onChange={(event) => setFilter({ ...filter, company: Number(event.target.value) || undefined })}
            sx={{ minWidth: 220 }}
            slotProps={{
              inputLabel: { shrink: true },
              select: { displayEmpty: true },
              htmlInput: { 'data-testid': 'statistics-company' },
            }}
          >
            <MenuItem value="">{t('statistics.allCompanies')}</MenuItem>
            {(companies.data?.results ?? []).map((company) => (
              <MenuItem key={company.id} value={company.id}>
                {company.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          type="date"
          size="small"
          label={t('statistics.from')}
          value={filter.from ?? data?.from ?? ''}
          onChange={(event) => setFilter(withPeriodEnd(filter, data, 'from', event.target.value))}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'statistics-from' } }}
        />
        <TextField
          type="date"
          size="small"
          label={t('statistics.to')}
          value={filter.to ?? data?.to ?? ''}
          onChange={(event) => setFilter(withPeriodEnd(filter, data, 'to', event.target.value))}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'statistics-to' } }}
        />
        <CountryField
          name="country"
          size="small"
          sx={{ minWidth: 220 }}
          label={t('statistics.country')}
          optional
          value={filter.country ?? ''}
          onChange={(country) => setFilter({ ...filter, country: country || undefined })}
        />
      </Stack>
      {figures.isPending ? (
        <Skeleton variant="rounded" height={320} />
      ) : figures.isError ? (
        <Alert severity="error">{apiErrorMessage(figures.error)}</Alert>
      ) : (
        <Dashboard data={figures.data} language={i18n.language} />
      )}
    </Page>
  );
}

function Dashboard({ data, language }: { data: Statistics; language: string }) {
  const { t } = useTranslation();
  const number = new Intl.NumberFormat(language);
  const day = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const dayLabel = (value: string) => day.format(new Date(`${value}T00:00:00Z`));
  const eventDay = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  const mediaLabel = (value: string) => (value ? t(`mediaType.${value}`) : t('statistics.unknown'));
  const nothing = readKinds.every((kind) => (data.totals[kind] ?? 0) === 0);
  return (
    <Stack spacing={3}>
      <Box
        component="dl"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', m: 0 }}
      >
        {readKinds.map((kind) => (
          <Paper key={kind} variant="outlined" sx={{ p: 2 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t(`statistics.kind_${kind}`)}
            </Typography>
            <Typography component="dd" variant="h5" sx={{ m: 0 }} data-testid={`total-${kind}`}>
              {number.format(data.totals[kind] ?? 0)}
            </Typography>
          </Paper>
        ))}
      </Box>
      {nothing && <Alert severity="info">{t('statistics.none')}</Alert>}
      <Figure
        title={t('statistics.daily')}
        chart={
          <LineChart
            height={260}
            xAxis={[{ scaleType: 'point', data: data.daily.map((entry) => dayLabel(entry.day)) }]}
            series={[
              { data: data.daily.map((entry) => entry.views), label: t('statistics.views'), showMark: false },
              {
                data: data.daily.map((entry) => entry.downloads),
                label: t('statistics.downloads'),
                showMark: false,
              },
            ]}
          />
        }
        table={
          <SimpleTable
            caption={t('statistics.asTable')}
            head={[t('statistics.day'), t('statistics.views'), t('statistics.downloads')]}
            rows={data.daily.map((entry) => [dayLabel(entry.day), entry.views, entry.downloads])}
          />
        }
      />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Figure
            title={t('statistics.topReleases')}
            table={
              <SimpleTable
                caption={t('statistics.topReleases')}
                head={[t('statistics.release'), t('statistics.views')]}
                rows={data.top_releases.map((entry) => [entry.title, entry.views])}
              />
            }
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Figure
            title={t('statistics.topImages')}
            table={
              <SimpleTable
                caption={t('statistics.topImages')}
                head={[t('statistics.picture'), t('statistics.gallery'), t('statistics.downloads')]}
                rows={data.top_images.map((entry) => [entry.name, entry.gallery, entry.downloads])}
              />
            }
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Figure
            title={t('statistics.byMediaType')}
            chart={
              data.by_media_type.length > 0 ? (
                <BarChart
                  height={220}
                  layout="horizontal"
                  yAxis={[
                    {
                      scaleType: 'band',
                      data: data.by_media_type.map((entry) => mediaLabel(entry.media_type)),
                      width: 110,
                    },
                  ]}
                  series={[
                    { data: data.by_media_type.map((entry) => entry.count), label: t('statistics.count') },
                  ]}
                  hideLegend
                />
              ) : undefined
            }
            table={
              <SimpleTable
                caption={t('statistics.byMediaType')}
                head={[t('statistics.mediaType'), t('statistics.count')]}
                rows={data.by_media_type.map((entry) => [mediaLabel(entry.media_type), entry.count])}
              />
            }
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Figure
            title={t('statistics.byCountry')}
            table={
              <SimpleTable
                caption={t('statistics.byCountry')}
                head={[t('statistics.country'), t('statistics.count')]}
                rows={data.by_country.map((entry) => [entry.name || t('statistics.unknown'), entry.count])}
              />
            }
          />
        </Grid>
        <Grid size={{ xs: 12 }}>
          <Figure
            title={t('statistics.programme')}
            table={
              <SimpleTable
                caption={t('statistics.programme')}
                head={[
                  t('statistics.event'),
                  t('statistics.day'),
                  t('statistics.signedUp'),
                  t('statistics.waiting'),
                  t('statistics.attended'),
                ]}
                numeric={3}
                rows={data.events.map((entry) => [
                  entry.title,
                  eventDay.format(new Date(entry.starts_at)),
                  entry.signed_up,
                  entry.waiting,
                  entry.attended,
                ])}
              />
            }
          />
        </Grid>
        <Grid size={{ xs: 12 }}>
          <Figure
            title={t('statistics.coverage')}
            chart={
              <>
                <Typography data-testid="coverage-totals">
                  {t('statistics.coverageTotals', {
                    pieces: data.coverage.pieces,
                    reach: data.coverage.reach,
                  })}
                </Typography>
                <LineChart
                  height={220}
                  xAxis={[
                    { scaleType: 'point', data: data.coverage.daily.map((entry) => dayLabel(entry.day)) },
                  ]}
                  // Whole pieces: no tick between 1 and 2.
                  yAxis={[{ tickMinStep: 1 }]}
                  series={[
                    {
                      data: data.coverage.daily.map((entry) => entry.pieces),
                      label: t('statistics.coveragePieces'),
                      showMark: false,
                    },
                  ]}
                />
              </>
            }
            table={
              <SimpleTable
                caption={t('statistics.coverageDaily')}
                head={[t('statistics.day'), t('statistics.coveragePieces')]}
                rows={data.coverage.daily.map((entry) => [dayLabel(entry.day), entry.pieces])}
              />
            }
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Figure
            title={t('statistics.coverageByCountry')}
            table={
              <SimpleTable
                caption={t('statistics.coverageByCountry')}
                head={[
                  t('statistics.country'),
                  t('statistics.coveragePieces'),
                  t('statistics.coverageReach'),
                ]}
                numeric={2}
                rows={data.coverage.by_country.map((entry) => [entry.name, entry.pieces, entry.reach])}
              />
            }
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Figure
            title={t('statistics.coverageByLanguage')}
            table={
              <SimpleTable
                caption={t('statistics.coverageByLanguage')}
                head={[t('statistics.language'), t('statistics.coveragePieces')]}
                rows={data.coverage.by_language.map((entry) => [entry.name, entry.pieces])}
              />
            }
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Figure
            title={t('statistics.coverageByMediaType')}
            table={
              <SimpleTable
                caption={t('statistics.coverageByMediaType')}
                head={[t('statistics.mediaType'), t('statistics.coveragePieces')]}
                rows={data.coverage.by_media_type.map((entry) => [
                  mediaLabel(entry.media_type),
                  entry.pieces,
                ])}
              />
            }
          />
        </Grid>
      </Grid>
    </Stack>
  );
}
