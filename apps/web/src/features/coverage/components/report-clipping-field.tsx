import AttachFile from '@mui/icons-material/AttachFile';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { clippingMaxBytes } from '@pressroom/contract';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { clippingProblem } from './clipping.ts';

/** The clipping sent after the piece: a PDF or a picture, checked in the browser first. */
export function ReportClippingField({
  clipping,
  onChange: setClipping,
}: {
  clipping: File | null;
  onChange: (clipping: File | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [clippingError, setClippingError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const chooseClipping = (file: File | undefined) => {
    if (!file) return;
    const problem = clippingProblem(file, i18n.language);
    setClippingError(problem);
    if (!problem) setClipping(file);
  };
  return (
    <Box>
      <FormLabel id={`${id}-clipping`}>{t('coverage.form.clipping')}</FormLabel>
      <Typography variant="body2" color="text.secondary" id={`${id}-clipping-help`} sx={{ mb: 1 }}>
        {t('coverage.form.clippingHelp', { size: formatBytes(clippingMaxBytes, i18n.language) })}
      </Typography>
      <input
        ref={fileInput}
        type="file"
        accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
        hidden
        onChange={(event) => {
          chooseClipping(event.target.files?.[0]);
          event.target.value = '';
        }}
        data-testid="coverage-clipping-input"
      />
      {clipping ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
            {clipping.name} · {formatBytes(clipping.size, i18n.language)}
          </Typography>
          <IconButton
            size="small"
            aria-label={t('coverage.form.removeClipping', { name: clipping.name })}
            onClick={() => setClipping(null)}
          >
            <Close fontSize="small" />
          </IconButton>
        </Box>
      ) : (
        <Button
          variant="outlined"
          startIcon={<AttachFile />}
          onClick={() => fileInput.current?.click()}
          aria-describedby={`${id}-clipping-help`}
          data-testid="coverage-clipping"
        >
          {t('coverage.form.chooseClipping')}
        </Button>
      )}
      {clippingError && (
        <FormHelperText error role="alert">
          {clippingError}
        </FormHelperText>
      )}
    </Box>
  );
}
