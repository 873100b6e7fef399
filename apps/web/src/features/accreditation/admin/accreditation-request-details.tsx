import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AccreditationQueueItem, ProofFile } from '@pressroom/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { accreditationApi } from '../api/accreditation-api.ts';

export function RequestDetails({ item, id }: { item: AccreditationQueueItem; id: string }) {
  const { t, i18n } = useTranslation();
  const medium = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  const line = (label: string, value: string) =>
    value ? (
      <Box>
        <Typography variant="subtitle2" component="p">
          {label}
        </Typography>
        <Typography dir="auto" sx={{ whiteSpace: 'pre-line' }}>
          {value}
        </Typography>
      </Box>
    ) : null;
  return (
    <Stack spacing={1.5} sx={{ py: 2 }} id={id} data-testid="request-details">
      <Typography variant="body2">
        {t(`mediaType.${item.media_type}`)} · {item.role} · {t(`accreditation.proofKind_${item.proof_kind}`)}
        {item.article_date ? ` (${medium.format(new Date(`${item.article_date}T00:00:00Z`))})` : ''}
      </Typography>
      {line(t('accreditation.messageFrom'), item.message)}
      {line(t('accreditation.questionAsked'), item.question)}
      {line(t('accreditation.answer'), item.answer)}
      {line(t('accreditation.reasonGiven'), item.reason)}
      {item.proofs.length === 0 ? (
        <Typography color="text.secondary">{t('accreditation.noProof')}</Typography>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          {item.proofs.map((proof) => (
            <ProofPreview key={proof.id} proof={proof} owner={item.user.name || item.user.email} />
          ))}
        </Box>
      )}
    </Stack>
  );
}

/** A proof shown in the page: images inline, PDFs opened in a new tab; fetched with the sign-in token. */
function ProofPreview({ proof, owner }: { proof: ProofFile; owner: string }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    accreditationApi
      .file(proof.url)
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch((error) => setFailure(apiErrorMessage(error)));
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [proof.url]);
  const label = t('accreditation.openFile', { name: proof.file_name });
  if (failure) return <Alert severity="error">{failure}</Alert>;
  if (!url) return <Skeleton variant="rounded" width={220} height={160} />;
  return (
    <Box sx={{ maxWidth: 320 }}>
      {proof.mime.startsWith('image/') && (
        <Box
          component="img"
          src={url}
          alt={`${owner}: ${proof.file_name}`}
          sx={{
            display: 'block',
            maxWidth: '100%',
            maxHeight: 240,
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
          }}
          data-testid="proof-image"
        />
      )}
      <Button size="small" href={url} target="_blank" rel="noopener" aria-label={label} sx={{ mt: 0.5 }}>
        {proof.file_name}
      </Button>
    </Box>
  );
}
