import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { CompanyImport, ImportEvent, ImportPhase } from '@pressroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { paths } from '../../../config/paths.ts';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { useSession } from '../../../lib/session.ts';
import { runImportPhase } from '../api.ts';
import { MappingStep } from './import-mapping-step.tsx';
import { ProgressView } from './import-progress-view.tsx';
import { ImportRowsTable, ImportSummaryView } from './import-rows.tsx';
import { TableStep } from './import-table-step.tsx';
import { targetsFor, type WizardTarget } from './import-targets.ts';
import { UploadStep } from './import-upload-step.tsx';
import { errorText, type Mapping, type StepName, steps } from './import-wizard-parts.ts';

/** The wizard's state and its steps, one shown at a time. */
export function ImportWizard() {
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
