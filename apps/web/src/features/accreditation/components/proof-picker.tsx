import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { proofMaxBytes, proofMaxFiles, proofMimeTypes } from '@pressroom/contract';
import type { TFunction } from 'i18next';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/format-bytes.ts';

/**
 * The first thing wrong with a choice of proof files, as the server would say it, with the size limit in the
 * reader's language; null when they can go.
 */
export function proofProblem(files: File[], already: number, t: TFunction, language: string) {
  if (files.length + already > proofMaxFiles)
    return t('messages.accreditationTooManyProofs', { count: proofMaxFiles });
  for (const file of files) {
    if (!(proofMimeTypes as readonly string[]).includes(file.type)) {
      return t('messages.accreditationProofType', { name: file.name });
    }
    if (file.size > proofMaxBytes) {
      return t('messages.accreditationProofTooLarge', {
        name: file.name,
        limit: formatBytes(proofMaxBytes, language),
      });
    }
  }
  return null;
}

/**
 * Proof files: a button opening the file chooser (PDF, JPEG, PNG), the chosen files with their sizes, each
 * removable by keyboard, and what is wrong with them.
 */
export function ProofPicker({
  files,
  onChange,
  error,
  label,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  error?: string | null;
  label: string;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <Box>
      <Typography id={`${id}-label`} variant="subtitle2" component="p" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Typography variant="body2" color="text.secondary" id={`${id}-help`} sx={{ mb: 1 }}>
        {t('accreditation.proofHelp', {
          count: proofMaxFiles,
          size: formatBytes(proofMaxBytes, i18n.language),
        })}
      </Typography>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={proofMimeTypes.join(',')}
        data-testid="proof-input"
        aria-labelledby={`${id}-label`}
        onChange={(event) => {
          onChange([...files, ...Array.from(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      <Button
        variant="outlined"
        startIcon={<UploadFileOutlined />}
        onClick={() => input.current?.click()}
        aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
        data-testid="proof-choose"
      >
        {t('accreditation.chooseFiles')}
      </Button>
      {files.length > 0 && (
        <List dense aria-labelledby={`${id}-label`}>
          {files.map((file, index) => (
            <ListItem
              key={`${file.name}-${file.size}-${file.lastModified}`}
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={t('accreditation.removeFile', { name: file.name })}
                  onClick={() => onChange(files.filter((_, position) => position !== index))}
                >
                  <DeleteOutline />
                </IconButton>
              }
            >
              <ListItemText primary={file.name} secondary={formatBytes(file.size, i18n.language)} />
            </ListItem>
          ))}
        </List>
      )}
      {error && (
        <FormHelperText error id={`${id}-error`} data-testid="proof-error">
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
