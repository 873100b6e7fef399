import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type PreviewAccount,
  type PreviewInvitation,
  type PreviewInvitationInput,
  previewInvitationInputSchema,
} from '@pressroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { translateMessage } from '../../../lib/i18n/contract-messages.ts';
import { type Language, languageNames, languages } from '../../../lib/i18n/languages.ts';
import { notify } from '../../../lib/notifications.ts';
import { zoneName } from '../../../lib/zoned-time.ts';
import { previewAccountsQuery, previewInvitationsQuery, previewsApi } from '../api/previews-api.ts';
import { errorMessage } from './release-files.tsx';

/** A moment in the reader's language, in `timeZone` (undefined: the browser's own). */
const moment = (value: string, language: string, timeZone?: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(value),
  );

type Kind = 'account' | 'address';

/**
 * The office invites named people to read the embargoed release before its end (PRODUCT.md section 13): an
 * account found by name or address, or an address with a name and the mail's language; lists who was
 * invited and who opened it, sends a new link, revokes. Shown to whoever may edit the release.
 */
export function ReleasePreviews({ releaseId }: { releaseId: number }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const list = useQuery(previewInvitationsQuery(releaseId));
  const [revoking, setRevoking] = useState<PreviewInvitation | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: previewInvitationsQuery(releaseId).queryKey });

  const send = async (input: PreviewInvitationInput, again: boolean) => {
    setBusy(true);
    try {
      const sent = await previewsApi.invite(releaseId, input);
      notify.success(
        t(again ? 'pressReleases.previews.resent' : 'pressReleases.previews.invited', { email: sent.email }),
      );
      await refresh();
      return true;
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) throw error;
      notify.error(errorMessage(error, t('errors.generic')));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const revoke = async () => {
    if (!revoking) return;
    try {
      const revoked = await previewsApi.revoke(releaseId, revoking.id);
      notify.success(t('pressReleases.previews.revokedDone', { email: revoked.email }));
      setRevoking(null);
      await refresh();
    } catch (error) {
      notify.error(errorMessage(error, t('errors.generic')));
    }
  };

  if (list.isPending) return <Typography role="status">{t('app.loading')}</Typography>;
  if (list.isError) return <Alert severity="error">{t('pressReleases.previews.listError')}</Alert>;
  const { previewable, embargo_until: embargoUntil, time_zone: timeZone, results } = list.data;
  const language = i18n.language;

  return (
    <Stack spacing={2} data-testid="release-previews">
      <Typography variant="body2" color="text.secondary">
        {t('pressReleases.previews.panelIntro')}
      </Typography>
      {embargoUntil && (
        <Typography data-testid="preview-embargo">
          {t('pressReleases.previews.embargoOffice', { time: moment(embargoUntil, language) })}
          {' · '}
          {t('pressReleases.previews.embargoRelease', {
            time: moment(embargoUntil, language, timeZone),
            zone: zoneName(timeZone, language, embargoUntil),
          })}
        </Typography>
      )}
      {previewable ? (
        <InviteForm releaseId={releaseId} busy={busy} onSend={(input) => send(input, false)} />
      ) : (
        <Alert severity="info">{t('pressReleases.previews.notPreviewable')}</Alert>
      )}
      {results.length === 0 ? (
        <Typography color="text.secondary">{t('pressReleases.previews.empty')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('pressReleases.previews.panelTitle')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('pressReleases.previews.colName')}</TableCell>
                <TableCell>{t('pressReleases.previews.colEmail')}</TableCell>
                <TableCell>{t('pressReleases.previews.colSent')}</TableCell>
                <TableCell>{t('pressReleases.previews.colOpened')}</TableCell>
                <TableCell>{t('pressReleases.previews.colStatus')}</TableCell>
                <TableCell>{t('pressReleases.previews.colActions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {results.map((invitation) => (
                <TableRow key={invitation.id} data-testid="preview-invitation">
                  <TableCell>{invitation.name}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{invitation.email}</TableCell>
                  <TableCell>{moment(invitation.sent_at, language)}</TableCell>
                  <TableCell data-testid="preview-opened">
                    {invitation.first_opened_at && invitation.last_opened_at
                      ? t('pressReleases.previews.openedTimes', {
                          first: moment(invitation.first_opened_at, language),
                          last: moment(invitation.last_opened_at, language),
                          count: invitation.open_count,
                        })
                      : t('pressReleases.previews.notOpened')}
                  </TableCell>
                  <TableCell data-testid="preview-status">
                    {invitation.revoked_at
                      ? t('pressReleases.previews.revokedAt', {
                          time: moment(invitation.revoked_at, language),
                        })
                      : t('pressReleases.previews.active')}
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1}>
                      {previewable && (
                        <Button
                          size="small"
                          disabled={busy}
                          aria-label={t('pressReleases.previews.resendFor', { name: invitation.name })}
                          onClick={() =>
                            send(
                              invitation.user !== null
                                ? { user: invitation.user }
                                : {
                                    email: invitation.email,
                                    name: invitation.name,
                                    language: invitation.language as Language,
                                  },
                              true,
                            ).catch(() => undefined)
                          }
                          data-testid="preview-resend"
                        >
                          {t('pressReleases.previews.resend')}
                        </Button>
                      )}
                      {!invitation.revoked_at && (
                        <Button
                          size="small"
                          color="error"
                          aria-label={t('pressReleases.previews.revokeFor', { name: invitation.name })}
                          onClick={() => setRevoking(invitation)}
                          data-testid="preview-revoke"
                        >
                          {t('pressReleases.previews.revoke')}
                        </Button>
                      )}
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={t('pressReleases.previews.revokeTitle')}
        text={t('pressReleases.previews.revokeText', {
          name: revoking?.name ?? '',
          email: revoking?.email ?? '',
        })}
        confirmLabel={t('pressReleases.previews.revoke')}
        cancelLabel={t('pressReleases.previews.cancel')}
        onConfirm={revoke}
        onClose={() => setRevoking(null)}
        testId="preview-revoke-dialog"
      />
    </Stack>
  );
}

function InviteForm({
  releaseId,
  busy,
  onSend,
}: {
  releaseId: number;
  busy: boolean;
  /** Sends the invitation; true once sent, throws the server's field errors. */
  onSend: (input: PreviewInvitationInput) => Promise<boolean>;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [kind, setKind] = useState<Kind>('address');
  const [search, setSearch] = useState('');
  const [account, setAccount] = useState<PreviewAccount | null>(null);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [language, setLanguage] = useState<Language>(
    (languages as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'en',
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const deferred = useDeferredValue(search);
  const accounts = useQuery(previewAccountsQuery(releaseId, deferred));

  const submit = async () => {
    const input: PreviewInvitationInput =
      kind === 'account' ? (account ? { user: account.id } : {}) : { email, name, language };
    if (kind === 'account' && !account) {
      setErrors({ user: t('pressReleases.previews.accountNone') });
      return;
    }
    const checked = previewInvitationInputSchema.safeParse(input);
    if (!checked.success) {
      setErrors(
        Object.fromEntries(
          checked.error.issues.map((issue) => [
            String(issue.path[0]),
            translateMessage(issue.message) ?? issue.message,
          ]),
        ),
      );
      return;
    }
    setErrors({});
    try {
      if (await onSend(input)) {
        setAccount(null);
        setSearch('');
        setEmail('');
        setName('');
      }
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fieldErrors);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid="preview-invite-form"
    >
      <Stack spacing={1.5}>
        <RadioGroup
          row
          aria-labelledby={`${id}-kind`}
          value={kind}
          onChange={(event) => setKind(event.target.value as Kind)}
        >
          <Typography id={`${id}-kind`} component="span" sx={{ alignSelf: 'center', marginInlineEnd: 2 }}>
            {t('pressReleases.previews.inviteeKind')}
          </Typography>
          <FormControlLabel
            value="address"
            control={<Radio slotProps={{ input: { 'data-testid': 'preview-kind-address' } as object }} />}
            label={t('pressReleases.previews.inviteAddress')}
          />
          <FormControlLabel
            value="account"
            control={<Radio slotProps={{ input: { 'data-testid': 'preview-kind-account' } as object }} />}
            label={t('pressReleases.previews.inviteAccount')}
          />
        </RadioGroup>
        {kind === 'account' ? (
          <Autocomplete
            options={accounts.data?.results ?? []}
            value={account}
            onChange={(_event, value) => setAccount(value)}
            inputValue={search}
            onInputChange={(_event, value) => setSearch(value)}
            filterOptions={(options) => options}
            getOptionLabel={(option) => `${option.name} <${option.email}>`}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            noOptionsText={t('pressReleases.previews.accountNone')}
            loading={accounts.isFetching}
            sx={{ maxWidth: 480 }}
            renderInput={(params) => (
              <TextField
                {...params}
                size="small"
                label={t('pressReleases.previews.account')}
                error={Boolean(errors.user)}
                helperText={errors.user}
                slotProps={{
                  ...params.slotProps,
                  htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'preview-account' },
                }}
              />
            )}
          />
        ) : (
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} useFlexGap>
            <TextField
              size="small"
              type="email"
              label={t('pressReleases.previews.email')}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={Boolean(errors.email)}
              helperText={errors.email}
              slotProps={{ htmlInput: { 'data-testid': 'preview-email', autoComplete: 'off' } }}
            />
            <TextField
              size="small"
              label={t('pressReleases.previews.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={Boolean(errors.name)}
              helperText={errors.name}
              slotProps={{ htmlInput: { 'data-testid': 'preview-name', autoComplete: 'off' } }}
            />
            <TextField
              select
              size="small"
              label={t('pressReleases.previews.language')}
              value={language}
              onChange={(event) => setLanguage(event.target.value as Language)}
              error={Boolean(errors.language)}
              helperText={errors.language}
              sx={{ minWidth: 160 }}
              slotProps={{ select: { inputProps: { 'data-testid': 'preview-language' } } }}
            >
              {languages.map((option) => (
                <MenuItem key={option} value={option} lang={option}>
                  {languageNames[option]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={busy} data-testid="preview-invite">
            {t('pressReleases.previews.invite')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
