import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type ImportOutcome,
  type ImportPhase,
  type ImportRow,
  type ImportSummary,
  type ImportTarget,
  importOutcomes,
} from '@pressroom/contract';
import { useTranslation } from 'react-i18next';
import { ServerTable, type TableColumn } from '../../../components/server-table.tsx';
import type { TableRequest } from '../../../lib/table-request.ts';
import { useUrlState } from '../../../lib/url-state.ts';
import { importRowsQuery } from '../api.ts';
import { ToneChip } from '../components/tone-chip.tsx';
import { fieldLabelKey } from './import-targets.ts';

const outcomeColors: Record<ImportOutcome, 'success' | 'info' | 'default' | 'error' | 'warning'> = {
  created: 'success',
  updated: 'info',
  unchanged: 'default',
  invalid: 'error',
  duplicate: 'warning',
  empty: 'default',
};

function OutcomeChip({ outcome, phase }: { outcome: ImportOutcome; phase: ImportPhase }) {
  const { t } = useTranslation();
  return (
    <ToneChip
      tone={outcomeColors[outcome]}
      label={t(`backOffice.importOutcome.${phase === 'dry_run' ? 'dryRun' : 'done'}.${outcome}`)}
    />
  );
}

/**
 * The counts of a dry run or an import: rows, created, updated, and the skipped rows by reason; each label
 * agrees with its count ("Creata" for one company, "Create" for 49).
 */
export function ImportSummaryView({ summary, phase }: { summary: ImportSummary; phase: ImportPhase }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  // A dry run's "to create" and "to update" read the same for any count; an import's "created" agrees.
  const outcomeLabel = (outcome: 'created' | 'updated', count: number) =>
    phase === 'dry_run'
      ? t(`backOffice.importOutcome.dryRun.${outcome}`)
      : t(`backOffice.imports.summary.${outcome}`, { count });
  const items: [string, number][] = [
    [t('backOffice.imports.summary.rows', { count: summary.rows }), summary.rows],
    [outcomeLabel('created', summary.created), summary.created],
    [outcomeLabel('updated', summary.updated), summary.updated],
    [t('backOffice.imports.summary.skipped', { count: summary.skipped }), summary.skipped],
  ];
  const skipped = (['unchanged', 'invalid', 'duplicate', 'empty'] as const).map((outcome) =>
    t(`backOffice.imports.summary.${outcome}`, { count: summary[outcome] }),
  );
  return (
    <Box data-testid={`summary-${phase}`}>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
          gap: 2,
          m: 0,
        }}
      >
        {items.map(([label, value]) => (
          <Box key={label} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="h5" sx={{ m: 0 }} data-testid="summary-value">
              {number.format(value)}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        {t('backOffice.imports.summary.skippedDetail')} {skipped.join(' · ')}
      </Typography>
    </Box>
  );
}

/** The rows of a dry run (those needing attention) or of an import (every row), with outcome and reason. */
export function ImportRowsTable({
  importId,
  phase,
  target = 'companies',
}: {
  importId: number;
  phase: ImportPhase;
  target?: ImportTarget;
}) {
  const { t } = useTranslation();
  const prefix = phase === 'dry_run' ? 'dry-' : 'rows-';
  const { read, update } = useUrlState(prefix);
  const outcome = (importOutcomes as readonly string[]).includes(read('outcome') ?? '')
    ? (read('outcome') as string)
    : '';
  const columns: TableColumn<ImportRow>[] = [
    {
      key: 'row',
      label: t('backOffice.imports.row'),
      sortable: true,
      rowHeader: true,
      render: (row) => row.row,
    },
    {
      key: 'business_name',
      // A piece of coverage is named by its title, anything else by its company.
      label: t(fieldLabelKey(target, target === 'coverage' ? 'title' : 'business_name')),
      sortable: true,
      render: (row) => row.business_name || '–',
    },
    {
      key: 'outcome',
      label: t('backOffice.imports.outcome'),
      sortable: true,
      render: (row) => <OutcomeChip outcome={row.outcome} phase={phase} />,
    },
    {
      key: 'reason',
      label: t('backOffice.imports.reason'),
      render: (row) => (
        <Box>
          <Typography variant="body2">{row.reason}</Typography>
          {Object.entries(row.errors).map(([field, messages]) => (
            <Typography key={field} variant="body2" color="error" data-testid="row-error">
              {t(fieldLabelKey(target, field), { defaultValue: field })}: {messages.join(', ')}
            </Typography>
          ))}
        </Box>
      ),
    },
  ];
  return (
    <ServerTable
      label={phase === 'dry_run' ? t('backOffice.imports.dryRunRows') : t('backOffice.imports.reportRows')}
      columns={columns}
      query={(request: TableRequest) => importRowsQuery(importId, phase, request, outcome)}
      rowKey={(row) => row.row}
      emptyText={phase === 'dry_run' ? t('backOffice.imports.dryRunClean') : t('backOffice.imports.noRows')}
      testId={phase === 'dry_run' ? 'dry-run-rows' : 'report-rows'}
      defaultOrder={{ column: 'row', dir: 'asc' }}
      paramPrefix={prefix}
      filters={
        <TextField
          select
          size="small"
          label={t('backOffice.imports.outcome')}
          value={outcome}
          onChange={(event) => update({ outcome: event.target.value, page: null })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          data-testid={`${prefix}outcome-filter`}
        >
          <MenuItem value="">{t('backOffice.imports.anyOutcome')}</MenuItem>
          {importOutcomes.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`backOffice.importOutcome.${phase === 'dry_run' ? 'dryRun' : 'done'}.${value}`)}
            </MenuItem>
          ))}
        </TextField>
      }
    />
  );
}
