import { zodResolver } from '@hookform/resolvers/zod';
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type Accreditation,
  type AccreditationRequestFields,
  accreditationRequestFieldsSchema,
  type MyAccreditation,
  mediaTypes,
  proofKinds,
} from '@pressroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectField, FormTextField } from '../../components/form-fields.tsx';
import { Page } from '../../components/page.tsx';
import { ApiError, saveBlob } from '../../lib/api-client.ts';
import { apiErrorMessage } from '../../lib/api-error-message.ts';
import { notify } from '../../lib/notifications.ts';
import { accreditationApi, myAccreditationQuery } from './api/accreditation-api.ts';
import { BadgeCode } from './components/badge-code.tsx';
import { BadgeQr } from './components/badge-qr.tsx';
import { ProofPicker, proofProblem } from './components/proof-picker.tsx';
import { statusColour } from './components/status-colour.ts';

type Edition = MyAccreditation['editions'][number];

function useDates() {
  const { i18n } = useTranslation();
  const day = (value: string) => new Date(`${value.slice(0, 10)}T00:00:00Z`);
  const long = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' });
  return {
    range: (from: string, to: string) => long.formatRange(day(from), day(to)),
    date: (value: string) => long.format(new Date(value)),
  };
}

/**
 * The journalist's accreditation on this site: each edition open for requests, with the request made for it
 * (its status, the office's question to answer, the badge to download) or the form to ask, filled in from the
 * last request (renewal) or the profile's press data.
 */
export default function AccreditationScreen() {
  const { t } = useTranslation();
  const mine = useQuery(myAccreditationQuery());
  return (
    <Page title={t('accreditation.title')}>
      <Typography sx={{ mb: 3, maxWidth: '70ch' }}>{t('accreditation.intro')}</Typography>
      {mine.isPending ? (
        <Skeleton variant="rounded" height={240} />
      ) : mine.isError ? (
        <Alert severity="error">{apiErrorMessage(mine.error)}</Alert>
      ) : (
        <Stack spacing={3}>
          {mine.data.editions.length === 0 && mine.data.requests.length === 0 && (
            <Alert severity="info" data-testid="no-editions">
              {t('accreditation.noEditions')}
            </Alert>
          )}
          {mine.data.editions.map((edition) => {
            const request = mine.data.requests.find((entry) => entry.edition.id === edition.id);
            return (
              <EditionSection
                key={edition.id}
                edition={edition}
                request={request}
                prefill={mine.data.prefill}
                renewal={mine.data.requests.length > 0 || Boolean(mine.data.prefill.role)}
              />
            );
          })}
          {mine.data.requests
            .filter((request) => !mine.data.editions.some((edition) => edition.id === request.edition.id))
            .map((request) => (
              <Paper key={request.id} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
                <RequestStatus request={request} />
              </Paper>
            ))}
        </Stack>
      )}
    </Page>
  );
}

function EditionSection({
  edition,
  request,
  prefill,
  renewal,
}: {
  edition: Edition;
  request: Accreditation | undefined;
  prefill: MyAccreditation['prefill'];
  renewal: boolean;
}) {
  const { t } = useTranslation();
  const { range } = useDates();
  const [askingAgain, setAskingAgain] = useState(false);
  const headingId = `edition-${edition.id}`;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 } }}
      data-testid={`edition-${edition.id}`}
    >
      <Typography id={headingId} variant="h2" sx={{ mb: 0.5 }}>
        {t('accreditation.askFor', { edition: edition.name })}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {range(edition.starts_on, edition.ends_on)}
      </Typography>
      {request && !askingAgain ? (
        <RequestStatus request={request} onAskAgain={() => setAskingAgain(true)} />
      ) : (
        <RequestForm
          edition={edition}
          prefill={
            request ? { media_type: request.media_type, outlet: request.outlet, role: request.role } : prefill
          }
          renewal={renewal}
          onDone={() => setAskingAgain(false)}
        />
      )}
    </Paper>
  );
}

function RequestForm({
  edition,
  prefill,
  renewal,
  onDone,
}: {
  edition: Edition;
  prefill: MyAccreditation['prefill'];
  renewal: boolean;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { control, handleSubmit, watch, setError } = useForm<AccreditationRequestFields>({
    resolver: zodResolver(accreditationRequestFieldsSchema),
    mode: 'onTouched',
    defaultValues: {
      edition: edition.id,
      media_type: prefill.media_type ?? undefined,
      outlet: prefill.outlet,
      role: prefill.role,
      proof_kind: 'press_card',
      article_date: undefined,
      message: '',
    },
  });
  const proofKind = watch('proof_kind');

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const problem =
      proofProblem(files, 0, t, i18n.language) ??
      (edition.proof_required && files.length === 0 ? t('messages.accreditationProofRequired') : null);
    setFileError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await accreditationApi.request(
        {
          edition: String(edition.id),
          media_type: values.media_type,
          outlet: values.outlet,
          role: values.role,
          proof_kind: values.proof_kind,
          article_date: values.proof_kind === 'article' ? values.article_date : undefined,
          message: values.message || undefined,
        },
        files,
        i18n.language,
      );
      notify.success(t('accreditation.sent'));
      await queryClient.invalidateQueries({ queryKey: ['accreditation', 'mine'] });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          if (field === 'proof') setFileError(message);
          else if (field in values) setError(field as keyof AccreditationRequestFields, { message });
          else setFailure(message);
        }
        if (error.generalMessage) setFailure(error.generalMessage);
      } else {
        setFailure(apiErrorMessage(error));
      }
    } finally {
      setBusy(false);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="accreditation-form">
      <Stack spacing={2.5} sx={{ maxWidth: 640 }}>
        {renewal && prefill.role && <Alert severity="info">{t('accreditation.renewal')}</Alert>}
        <FormSelectField
          control={control}
          name="media_type"
          label={t('accreditation.mediaType')}
          required
          options={mediaTypes.map((value) => ({ value, label: t(`mediaType.${value}`) }))}
          slotProps={{ htmlInput: { 'data-testid': 'accreditation-media-type' } }}
        />
        <FormTextField
          control={control}
          name="outlet"
          label={t('accreditation.outlet')}
          required
          slotProps={{ htmlInput: { maxLength: 150, 'data-testid': 'accreditation-outlet' } }}
        />
        <FormTextField
          control={control}
          name="role"
          label={t('accreditation.role')}
          helperText={t('accreditation.roleHelp')}
          required
          slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'accreditation-role' } }}
        />
        {edition.proof_required ? (
          <>
            <Controller
              control={control}
              name="proof_kind"
              render={({ field }) => (
                <FormControl>
                  <FormLabel id={`proof-kind-${edition.id}`}>{t('accreditation.proofKind')}</FormLabel>
                  <RadioGroup
                    aria-labelledby={`proof-kind-${edition.id}`}
                    value={field.value}
                    onChange={(event) => field.onChange(event.target.value)}
                  >
                    {proofKinds.map((kind) => (
                      <FormControlLabel
                        key={kind}
                        value={kind}
                        control={<Radio />}
                        label={t(`accreditation.proofKind_${kind}`)}
                        data-testid={`proof-kind-${kind}`}
                      />
                    ))}
                  </RadioGroup>
                </FormControl>
              )}
            />
            {proofKind === 'article' && (
              <FormTextField
                control={control}
                name="article_date"
                type="date"
                label={t('accreditation.articleDate')}
                required
                slotProps={{
                  inputLabel: { shrink: true },
                  htmlInput: { 'data-testid': 'accreditation-article-date' },
                }}
              />
            )}
            <ProofPicker
              files={files}
              onChange={(chosen) => {
                setFiles(chosen);
                setFileError(proofProblem(chosen, 0, t, i18n.language));
              }}
              error={fileError}
              label={t('accreditation.proofFiles')}
            />
          </>
        ) : (
          <Alert severity="info">{t('accreditation.proofOptional')}</Alert>
        )}
        <FormTextField
          control={control}
          name="message"
          label={t('accreditation.message')}
          optional
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        {failure && <Alert severity="error">{failure}</Alert>}
        <Box>
          <Button type="submit" variant="contained" disabled={busy} data-testid="accreditation-send">
            {t('accreditation.send')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function RequestStatus({ request, onAskAgain }: { request: Accreditation; onAskAgain?: () => void }) {
  const { t } = useTranslation();
  const { date, range } = useDates();
  const [failure, setFailure] = useState<string | null>(null);
  const download = async (url: string, fileName: string) => {
    setFailure(null);
    try {
      saveBlob(await accreditationApi.file(url), fileName);
    } catch (error) {
      setFailure(apiErrorMessage(error));
    }
  };
  return (
    <Stack spacing={2} data-testid={`request-${request.id}`}>
      {onAskAgain === undefined && (
        <Typography variant="h2">
          {request.edition.name}{' '}
          <Typography component="span" color="text.secondary">
            ({range(request.edition.starts_on, request.edition.ends_on)})
          </Typography>
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Chip
          color={request.expired ? 'default' : statusColour[request.status]}
          label={request.expired ? t('accreditation.expired') : t(`accreditation.status_${request.status}`)}
          data-testid="request-status"
          data-status={request.status}
        />
        <Typography variant="body2" color="text.secondary">
          {t('accreditation.askedOn', { date: date(request.created_at) })}
        </Typography>
      </Box>
      <Typography variant="body2">
        {request.outlet} · {request.role} · {t(`mediaType.${request.media_type}`)}
      </Typography>
      {request.proofs.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="p">
            {t('accreditation.proofsSent')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
            {request.proofs.map((proof) => (
              <Link
                key={proof.id}
                component="button"
                type="button"
                onClick={() => download(proof.url, proof.file_name)}
                aria-label={t('accreditation.openFile', { name: proof.file_name })}
              >
                {proof.file_name}
              </Link>
            ))}
          </Box>
        </Box>
      )}
      {request.status === 'needs_information' && !request.expired && <AnswerForm request={request} />}
      {request.status === 'rejected' && (
        <>
          {request.reason && (
            <Alert severity="error">{t('accreditation.reason', { reason: request.reason })}</Alert>
          )}
          {onAskAgain && !request.expired && (
            <Box>
              <Button variant="outlined" onClick={onAskAgain} data-testid="ask-again">
                {t('accreditation.askAgain')}
              </Button>
            </Box>
          )}
        </>
      )}
      {request.badge_url && (
        <Box>
          <Button
            variant="contained"
            startIcon={<Download />}
            onClick={() => download(request.badge_url!, `press-badge-${request.id}.pdf`)}
            data-testid="download-badge"
          >
            {t('accreditation.downloadBadge')}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('accreditation.badgeHint')}
          </Typography>
          {request.badge_check_url && <BadgeQr checkUrl={request.badge_check_url} />}
          {request.badge_code && <BadgeCode code={request.badge_code} />}
        </Box>
      )}
      {failure && <Alert severity="error">{failure}</Alert>}
    </Stack>
  );
}

function AnswerForm({ request }: { request: Accreditation }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [answer, setAnswer] = useState('');
  const [answerError, setAnswerError] = useState<string | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const empty = answer.trim() === '' ? t('messages.fieldRequired') : null;
    const problem = proofProblem(files, request.proofs.length, t, i18n.language);
    setAnswerError(empty);
    setFileError(problem);
    if (empty || problem) return;
    setBusy(true);
    try {
      await accreditationApi.answer(request.id, answer.trim(), files, i18n.language);
      notify.success(t('accreditation.answered'));
      await queryClient.invalidateQueries({ queryKey: ['accreditation', 'mine'] });
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.proof) setFileError(error.fieldErrors.proof);
      else setAnswerError(apiErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="answer-form">
      <Alert severity="warning" sx={{ mb: 2 }}>
        <Typography variant="subtitle2" component="p">
          {t('accreditation.question')}
        </Typography>
        <Typography dir="auto" data-testid="office-question" sx={{ whiteSpace: 'pre-line' }}>
          {request.question}
        </Typography>
      </Alert>
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        <TextField
          label={t('accreditation.yourAnswer')}
          value={answer}
          onChange={(event) => {
            setAnswer(event.target.value);
            setAnswerError(null);
          }}
          multiline
          minRows={2}
          required
          error={Boolean(answerError)}
          helperText={answerError}
          slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'answer-text' } }}
        />
        <ProofPicker
          files={files}
          onChange={(chosen) => {
            setFiles(chosen);
            setFileError(proofProblem(chosen, request.proofs.length, t, i18n.language));
          }}
          error={fileError}
          label={t('accreditation.proofFiles')}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={busy} data-testid="answer-send">
            {t('accreditation.sendAnswer')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
