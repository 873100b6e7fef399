import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CompanyImport } from '@pressroom/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { uploadImportFile } from '../api.ts';
import type { WizardTarget } from './import-targets.ts';
import { errorText } from './import-wizard-parts.ts';

/** What the file holds (companies or coverage, the edition) and its upload with progress. */
export function UploadStep({
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
