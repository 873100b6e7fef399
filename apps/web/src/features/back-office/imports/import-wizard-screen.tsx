import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { CompanyImport, ImportEvent, ImportPhase } from '@pressroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadingPlaceholder } from '../../../components/loading-placeholder.tsx';
import { Page } from '../../../components/page.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { useSession } from '../../../lib/session.ts';
import { importSourceColumnsQuery, runImportPhase, uploadImportFile } from '../api.ts';
import { RequirePermission } from '../components/require-permission.tsx';
import { ImportRowsTable, ImportSummaryView } from './import-rows.tsx';
import { fieldLabelKey, fieldsOf, mappingProblem, targetsFor, type WizardTarget } from './import-targets.ts';

type Mapping = Partial<Record<string, string>>;

const steps = ['upload', 'table', 'mapping', 'dryRun', 'import', 'report'] as const;
type StepName = (typeof steps)[number];

const errorText = (error: unknown) =>
  error instanceof ApiError
    ? (error.generalMessage ?? Object.values(error.fieldErrors)[0] ?? error.message)
    : error instanceof Error
      ? error.message
      : String(error);

/**
 * Back office: an import of companies (or, for the press office, of coverage) from an Access or CSV file, step
 * by step: what the file holds and its upload (with progress) ->
 * table (Access) -> mapping of the source columns (the server's suggestions preselected) -> dry run with the
 * rows needing attention -> import with the server's progress -> report.
 */
export default function ImportWizardScreen() {
  const { t } = useTranslation();
  return (
    <RequirePermission
      anyOf={['company.import', 'press_release.manage_all']}
      title={t('backOffice.imports.newImport')}
    >
      <ImportWizard />
    </RequirePermission>
  );
}

function ImportWizard() {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const queryClient = useQueryClient();
  const { user } = useSession();
  const targets = targetsFor(user?.permissions ?? []);
  const [target, setTarget] = useState<WizardTarget>(targets[0] ?? 'companies');
  const [step, setStep] = useState<StepName>('upload');
  const [record, setRecord] = useState<CompanyImport | null>(null);
  const [table, setTable] = useState<string | null>(null);
  const [mapping, setMapping] = useState<Mapping>({});
  const [event, setEvent] = useState<ImportEvent | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => () => abort.current?.abort(), []);
  // Each step's heading takes the focus, so a screen reader user hears where the wizard went.
  useEffect(() => {
    if (step !== 'upload') heading.current?.focus();
  }, [step]);

  const go = (next: StepName) => {
    setError(null);
    setStep(next);
  };

  async function run(phase: ImportPhase) {
    if (!record) return;
    go(phase === 'dry_run' ? 'dryRun' : 'import');
    setEvent(null);
    abort.current = new AbortController();
    try {
      const last = await runImportPhase(
        record.id,
        phase,
        { table: table ?? undefined, target, mapping },
        i18n.language,
        setEvent,
        abort.current.signal,
      );
      setEvent(last);
      if (last.status === 'failed') setError(last.error ?? t('errors.generic'));
      // The lists refresh behind the report: the person waits for the outcome, not for them.
      void queryClient.invalidateQueries({ queryKey: ['back-office'] });
      if (phase === 'import' && last.status === 'done') go('report');
    } catch (failure) {
      if (failure instanceof DOMException && failure.name === 'AbortError') return;
      setError(errorText(failure));
    }
  }

  const activeIndex = steps.indexOf(step);
  const stepTitle = t(`backOffice.imports.steps.${step}`);
  let content: ReactNode = null;
  if (step === 'upload') {
    content = (
      <UploadStep
        targets={targets}
        target={target}
        onTarget={(next) => {
          setTarget(next);
          setMapping({});
        }}
        onUploaded={(uploaded) => {
          setRecord(uploaded);
          const onlyTable =
            uploaded.format === 'access' && uploaded.tables.length === 1 ? uploaded.tables[0] : null;
          setTable(uploaded.format === 'csv' ? null : onlyTable);
          go(uploaded.format === 'access' ? 'table' : 'mapping');
        }}
      />
    );
  } else if (step === 'table' && record) {
    content = (
      <TableStep
        record={record}
        table={table}
        onChange={setTable}
        onNext={() => {
          setMapping({});
          go('mapping');
        }}
      />
    );
  } else if (step === 'mapping' && record) {
    content = (
      <MappingStep
        record={record}
        table={table}
        target={target}
        mapping={mapping}
        onChange={setMapping}
        onBack={() => go(record.format === 'access' ? 'table' : 'upload')}
        onNext={() => run('dry_run')}
      />
    );
  } else if ((step === 'dryRun' || step === 'import') && record) {
    const phase: ImportPhase = step === 'dryRun' ? 'dry_run' : 'import';
    const finished =
      event && (event.status === 'checked' || event.status === 'done' || event.status === 'failed');
    content = (
      <Stack spacing={2}>
        <ProgressView event={event} phase={phase} finished={Boolean(finished)} />
        {step === 'dryRun' && event?.status === 'checked' && event.summary && (
          <>
            <ImportSummaryView summary={event.summary} phase="dry_run" />
            <Typography variant="h3" sx={{ fontSize: '1.1rem' }}>
              {t('backOffice.imports.dryRunRows')}
            </Typography>
            <ImportRowsTable importId={record.id} phase="dry_run" target={target} />
            <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button onClick={() => go('mapping')}>{t('backOffice.imports.backToMapping')}</Button>
              <Button
                variant="contained"
                onClick={() => run('import')}
                disabled={event.summary.created + event.summary.updated === 0}
                data-testid="start-import"
              >
                {t('backOffice.imports.startImport', {
                  count: event.summary.created + event.summary.updated,
                })}
              </Button>
            </Stack>
          </>
        )}
        {(event?.status === 'failed' || error) && (
          <Button onClick={() => go('mapping')} sx={{ alignSelf: 'flex-start' }}>
            {t('backOffice.imports.backToMapping')}
          </Button>
        )}
      </Stack>
    );
  } else if (step === 'report' && record && event?.summary) {
    content = (
      <Stack spacing={2}>
        <Alert severity="success" data-testid="import-done">
          {t('backOffice.imports.done', { name: record.file_name })}
        </Alert>
        <ImportSummaryView summary={event.summary} phase="import" />
        <Typography variant="h3" sx={{ fontSize: '1.1rem' }}>
          {t('backOffice.imports.reportRows')}
        </Typography>
        <ImportRowsTable importId={record.id} phase="import" target={target} />
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={paths.adminImports} variant="outlined">
            {t('backOffice.imports.history')}
          </Button>
          {target === 'coverage' ? (
            <Button component={RouterLink} to={paths.coverageAdmin}>
              {t('backOffice.imports.toCoverage')}
            </Button>
          ) : (
            <Button component={RouterLink} to={paths.adminCompanies}>
              {t('backOffice.companies.title')}
            </Button>
          )}
        </Stack>
      </Stack>
    );
  }

  return (
    <Page
      title={t(
        target === 'coverage' ? 'backOffice.imports.wizardTitleCoverage' : 'backOffice.imports.wizardTitle',
      )}
      actions={
        <Link component={RouterLink} to={paths.adminImports}>
          {t('backOffice.imports.history')}
        </Link>
      }
    >
      {wide ? (
        <Stepper activeStep={activeIndex} sx={{ mb: 3 }} aria-label={t('backOffice.imports.progressLabel')}>
          {steps.map((name) => (
            <Step key={name} completed={steps.indexOf(name) < activeIndex}>
              <StepLabel>{t(`backOffice.imports.steps.${name}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
      ) : null}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid={`import-step-${step}`}>
        <Typography
          variant="h2"
          ref={heading}
          tabIndex={-1}
          sx={{ fontSize: '1.25rem', mb: 2, outline: 'none' }}
          data-testid="import-step-title"
        >
          {wide
            ? stepTitle
            : t('backOffice.imports.stepOf', { step: activeIndex + 1, total: steps.length, name: stepTitle })}
        </Typography>
        {record && step !== 'upload' && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('backOffice.imports.fileInfo', {
              name: record.file_name,
              size: formatBytes(record.size, i18n.language),
              format: t(`backOffice.importFormat.${record.format}`),
            })}
            {table ? ` · ${t('backOffice.imports.tableInfo', { table })}` : ''}
          </Typography>
        )}
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="import-error">
            {error}
          </Alert>
        )}
        {content}
      </Paper>
    </Page>
  );
}

function UploadStep({
  targets,
  target,
  onTarget,
  onUploaded,
}: {
  targets: WizardTarget[];
  target: WizardTarget;
  onTarget: (target: WizardTarget) => void;
  onUploaded: (record: CompanyImport) => void;
}) {
  const { t, i18n } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const upload = async () => {
    if (!file) {
      setError(t('messages.importNoFile'));
      return;
    }
    setError(null);
    setPercent(0);
    abort.current = new AbortController();
    try {
      const record = await uploadImportFile(file, target, i18n.language, setPercent, abort.current.signal);
      onUploaded(record);
    } catch (failure) {
      if (failure instanceof DOMException && failure.name === 'AbortError') return;
      setPercent(null);
      setError(errorText(failure));
    }
  };

  return (
    <Stack spacing={2}>
      {targets.length > 1 && (
        <FormControl>
          <FormLabel id="import-target-label">{t('backOffice.imports.targetLabel')}</FormLabel>
          <RadioGroup
            aria-labelledby="import-target-label"
            value={target}
            onChange={(event) => onTarget(event.target.value as WizardTarget)}
            data-testid="import-target"
          >
            {targets.map((name) => (
              <FormControlLabel
                key={name}
                value={name}
                control={<Radio />}
                label={t(`backOffice.imports.targets.${name}`)}
              />
            ))}
          </RadioGroup>
        </FormControl>
      )}
      <Typography>
        {t(
          target === 'coverage' ? 'backOffice.imports.uploadIntroCoverage' : 'backOffice.imports.uploadIntro',
        )}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Button component="label" variant="outlined" startIcon={<UploadFile />} disabled={percent !== null}>
          {t('backOffice.imports.chooseFile')}
          <input
            type="file"
            accept=".csv,.mdb,.accdb,text/csv"
            hidden
            data-testid="import-file"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setError(null);
            }}
          />
        </Button>
        <Typography data-testid="chosen-file" sx={{ overflowWrap: 'anywhere' }}>
          {file ? `${file.name} (${formatBytes(file.size, i18n.language)})` : t('backOffice.imports.noFile')}
        </Typography>
      </Box>
      {percent !== null && (
        <Box>
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-label={t('backOffice.imports.uploading')}
            data-testid="upload-progress"
          />
          <Typography variant="body2" role="status" sx={{ mt: 0.5 }}>
            {t('backOffice.imports.uploadPercent', { percent })}
          </Typography>
        </Box>
      )}
      {error && (
        <Alert severity="error" data-testid="upload-error">
          {error}
        </Alert>
      )}
      <Box>
        <Button variant="contained" onClick={upload} disabled={percent !== null} data-testid="upload">
          {t('backOffice.imports.upload')}
        </Button>
      </Box>
    </Stack>
  );
}

function TableStep({
  record,
  table,
  onChange,
  onNext,
}: {
  record: CompanyImport;
  table: string | null;
  onChange: (table: string) => void;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  const [missing, setMissing] = useState(false);
  return (
    <Stack spacing={2}>
      <FormControl error={missing}>
        <FormLabel id="import-table-label">{t('backOffice.imports.chooseTable')}</FormLabel>
        <RadioGroup
          aria-labelledby="import-table-label"
          value={table ?? ''}
          onChange={(event) => {
            onChange(event.target.value);
            setMissing(false);
          }}
          data-testid="import-tables"
        >
          {record.tables.map((name) => (
            <FormControlLabel key={name} value={name} control={<Radio />} label={name} />
          ))}
        </RadioGroup>
        {missing && <Typography color="error">{t('messages.importTableMissing')}</Typography>}
      </FormControl>
      <Box>
        <Button
          variant="contained"
          onClick={() => (table ? onNext() : setMissing(true))}
          data-testid="table-next"
        >
          {t('backOffice.imports.next')}
        </Button>
      </Box>
    </Stack>
  );
}

function MappingStep({
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

function ProgressView({
  event,
  phase,
  finished,
}: {
  event: ImportEvent | null;
  phase: ImportPhase;
  finished: boolean;
}) {
  const { t } = useTranslation();
  const progress = event?.progress;
  const percent = finished ? 100 : Math.round(progress?.percent ?? 0);
  const label = phase === 'dry_run' ? t('backOffice.imports.checking') : t('backOffice.imports.importing');
  return (
    <Box>
      <LinearProgress
        variant={event ? 'determinate' : 'indeterminate'}
        value={percent}
        aria-label={label}
        color={event?.status === 'failed' ? 'error' : 'primary'}
        data-testid={`${phase}-progress`}
      />
      <Typography variant="body2" role="status" sx={{ mt: 0.5 }} data-testid={`${phase}-status`}>
        {finished
          ? event?.status === 'failed'
            ? t('backOffice.imports.failed')
            : phase === 'dry_run'
              ? t('backOffice.imports.checked')
              : t('backOffice.imports.imported')
          : progress?.total
            ? t('backOffice.imports.progressRows', {
                label,
                processed: progress.processed,
                total: progress.total,
              })
            : t('backOffice.imports.progressPercent', { label, percent })}
      </Typography>
    </Box>
  );
}
