import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CompanyImport } from '@pressroom/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingPlaceholder } from '../../../components/loading-placeholder.tsx';
import { importSourceColumnsQuery } from '../api.ts';
import { fieldLabelKey, fieldsOf, mappingProblem, type WizardTarget } from './import-targets.ts';
import { errorText, type Mapping } from './import-wizard-parts.ts';

/** The source columns mapped to the target's fields, the server's suggestions preselected. */
export function MappingStep({
  record,
  table,
  target,
  mapping,
  onChange,
  onBack,
  onNext,
}: {
  record: CompanyImport;
  table: string | null;
  target: WizardTarget;
  mapping: Mapping;
  onChange: (mapping: Mapping) => void;
  onBack: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  const columns = useQuery(importSourceColumnsQuery(record.id, table, target));
  const [problem, setProblem] = useState<string | null>(null);
  const suggested = columns.data?.suggested_mapping;
  const seeded = useRef(false);
  // The server's suggestions are the starting point of a new mapping (once: the user may then clear them).
  useEffect(() => {
    if (!suggested || seeded.current) return;
    seeded.current = true;
    if (Object.keys(mapping).length === 0) onChange({ ...suggested });
  }, [suggested, mapping, onChange]);

  if (columns.isError) return <Alert severity="error">{errorText(columns.error)}</Alert>;
  if (!columns.data) return <LoadingPlaceholder height={320} />;

  const fieldOf = (column: string) =>
    Object.entries(mapping).find(([, source]) => source === column)?.[0] ?? '';
  const choose = (column: string, field: string) => {
    const next: Mapping = {};
    for (const [key, source] of Object.entries(mapping)) {
      if (source && source !== column && key !== field) next[key] = source;
    }
    if (field) next[field] = column;
    onChange(next);
    setProblem(null);
  };

  return (
    <Stack spacing={2}>
      <Typography>
        {t(
          target === 'coverage'
            ? 'backOffice.imports.mappingIntroCoverage'
            : 'backOffice.imports.mappingIntro',
        )}
        {columns.data.rows !== null && ` ${t('backOffice.imports.rowCount', { count: columns.data.rows })}`}
      </Typography>
      <TableContainer tabIndex={0} role="region" aria-label={t('backOffice.imports.steps.mapping')}>
        <Table size="small" aria-label={t('backOffice.imports.steps.mapping')} data-testid="mapping-table">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>{t('backOffice.imports.sourceColumn')}</TableCell>
              <TableCell sx={{ fontWeight: 600, width: '45%' }}>
                {t(
                  target === 'coverage'
                    ? 'backOffice.imports.coverageField'
                    : 'backOffice.imports.companyField',
                )}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {columns.data.columns.map((column) => (
              <TableRow key={column.name} data-testid="mapping-row">
                <TableCell component="th" scope="row" sx={{ verticalAlign: 'top' }}>
                  <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                    {column.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {t('backOffice.imports.samplesOf', {
                      type: column.type,
                      samples: column.samples.filter(Boolean).slice(0, 3).join(' · ') || '–',
                    })}
                  </Typography>
                </TableCell>
                <TableCell>
                  <TextField
                    select
                    size="small"
                    fullWidth
                    label={t('backOffice.imports.fieldFor', { column: column.name })}
                    value={fieldOf(column.name)}
                    onChange={(event) => choose(column.name, event.target.value)}
                    slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                    data-testid={`mapping-${column.name}`}
                  >
                    <MenuItem value="">{t('backOffice.imports.notImported')}</MenuItem>
                    {fieldsOf(target).map((field) => (
                      <MenuItem key={field} value={field}>
                        {t(fieldLabelKey(target, field))}
                        {mapping[field] && mapping[field] !== column.name ? ` (${mapping[field]})` : ''}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {problem && <Alert severity="error">{problem}</Alert>}
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button onClick={onBack}>{t('backOffice.imports.back')}</Button>
        <Button
          variant="contained"
          onClick={() => {
            const missing = mappingProblem(target, mapping);
            if (missing) setProblem(t(`messages.${missing}`));
            else onNext();
          }}
          data-testid="start-dry-run"
        >
          {t('backOffice.imports.checkRows')}
        </Button>
      </Stack>
    </Stack>
  );
}
