import { zodResolver } from '@hookform/resolvers/zod';
import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FileDownload from '@mui/icons-material/FileDownload';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type PressKitDocument, pressKitFieldsSchema } from '@pressroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormTextField } from '../../../components/form-fields.tsx';
import { Page } from '../../../components/page.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { isLanguage, type Language, languageNames, languages } from '../../../lib/i18n/languages.ts';
import { notify } from '../../../lib/notifications.ts';
import { reorderSteps } from '../../../lib/reorder.ts';
import { useSession } from '../../../lib/session.ts';
import { useSiteGroup } from '../../../lib/site.ts';
import { sitesQuery } from '../../../lib/sites-query.ts';
import { useUrlState } from '../../../lib/url-state.ts';
import { useBusyAction } from '../../../lib/use-busy-action.ts';
import { addDocument, allDocumentsQuery, pressKitAdminApi } from './api.ts';

const byPosition = (a: PressKitDocument, b: PressKitDocument) => a.position - b.position || a.id - b.id;

/** Back office of the press kit: the ordered documents of one site in one language. */
export default function PressKitAdminScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user?.permissions.includes('press_kit.manage')) {
    return (
      <Page title={t('pressKitAdmin.title')}>
        <Alert severity="warning">{t('pressKitAdmin.notAllowed')}</Alert>
      </Page>
    );
  }
  return <PressKitAdmin />;
}

function PressKitAdmin() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { params: search, update } = useUrlState();
  const currentSite = useSiteGroup();
  const sites = useQuery(sitesQuery);
  const documents = useQuery(allDocumentsQuery);
  const siteId = Number(search.get('site')) || currentSite.data?.id || null;
  const requested = search.get('language');
  const language: Language = isLanguage(requested)
    ? requested
    : isLanguage(i18n.language)
      ? i18n.language
      : 'en';
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<PressKitDocument | null>(null);
  const [deleting, setDeleting] = useState<PressKitDocument | null>(null);

  const ofSite = (documents.data ?? []).filter(
    (document) => siteId !== null && document.groups.includes(siteId),
  );
  const shown = ofSite.filter((document) => document.language === language).sort(byPosition);
  const countIn = (code: string) => ofSite.filter((document) => document.language === code).length;

  const setFilter = (name: string, value: string) => update({ [name]: value }, true);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: allDocumentsQuery.queryKey }),
      // The journalists' screen of this browser shows the change at once.
      queryClient.invalidateQueries({ queryKey: ['press-kit'] }),
    ]);

  const { busy, run } = useBusyAction<number>(refresh);

  const move = (document: PressKitDocument, step: -1 | 1) =>
    run(
      document.id,
      async () => {
        for (const change of reorderSteps(shown, document.id, step))
          await pressKitAdminApi.update(change.id, { position: change.position });
      },
      t('pressKitAdmin.moved'),
    );

  /** A new file in the same place: the new document takes the old one's fields and position, then the old goes. */
  const replace = (document: PressKitDocument, file: File) =>
    run(
      document.id,
      async () => {
        await addDocument(
          {
            title: document.title,
            description: document.description,
            language: document.language as Language,
            position: document.position,
            groups: document.groups,
          },
          file,
          i18n.language,
          () => undefined,
        ).done;
        await pressKitAdminApi.remove(document.id);
      },
      t('pressKitAdmin.replaced'),
    );

  return (
    <Page
      title={t('pressKitAdmin.title')}
      actions={
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setAdding(true)}
          disabled={siteId === null}
          data-testid="new-document"
        >
          {t('pressKitAdmin.add')}
        </Button>
      }
    >
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            select
            size="small"
            label={t('pressKitAdmin.site')}
            value={siteId ?? ''}
            onChange={(event) => setFilter('site', event.target.value)}
            data-testid="press-kit-site"
          >
            {(sites.data ?? []).map((site) => (
              <MenuItem key={site.id} value={site.id}>
                {site.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('pressKitAdmin.language')}
            value={language}
            onChange={(event) => setFilter('language', event.target.value)}
            data-testid="press-kit-language"
          >
            {languages.map((code) => (
              <MenuItem key={code} value={code}>
                <span lang={code}>{languageNames[code]}</span>&nbsp;({countIn(code)})
              </MenuItem>
            ))}
          </TextField>
        </Box>
      </Paper>

      {documents.isError ? (
        <Alert severity="error">{apiErrorMessage(documents.error, t('pressKit.loadError'))}</Alert>
      ) : !documents.data ? (
        <Skeleton variant="rounded" height={240} />
      ) : shown.length === 0 ? (
        <Alert severity="info">{t('pressKitAdmin.empty', { language: languageNames[language] })}</Alert>
      ) : (
        <Stack
          component="ol"
          spacing={1.5}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
          data-testid="press-kit-admin-list"
        >
          {shown.map((document, index) => (
            <Paper
              component="li"
              variant="outlined"
              key={document.id}
              data-testid="press-kit-admin-document"
              sx={{
                p: 1.5,
                display: 'grid',
                columnGap: 2,
                rowGap: 1,
                alignItems: 'center',
                gridTemplateColumns: { xs: 'auto minmax(0, 1fr)', md: 'auto minmax(0, 1fr) auto' },
              }}
            >
              <Typography
                aria-hidden
                color="text.secondary"
                sx={{ width: 28, textAlign: 'center', fontWeight: 600, flexShrink: 0 }}
              >
                {index + 1}
              </Typography>
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} dir="auto">
                  {document.title}
                </Typography>
                {document.description && (
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    dir="auto"
                    sx={{ overflowWrap: 'anywhere' }}
                  >
                    {document.description}
                  </Typography>
                )}
                <Link
                  href={document.url}
                  variant="body2"
                  sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center', overflowWrap: 'anywhere' }}
                >
                  <FileDownload fontSize="small" aria-hidden />
                  {document.file_name} · {formatBytes(document.size, i18n.language)}
                </Link>
                {busy === document.id && (
                  <LinearProgress sx={{ mt: 1 }} aria-label={t('pressKitAdmin.working')} />
                )}
              </Box>
              <Stack
                direction="row"
                spacing={0.5}
                sx={{ flexWrap: 'wrap', gridColumn: { xs: '1 / -1', md: 'auto' } }}
              >
                <Tooltip title={t('pressKitAdmin.moveUp')}>
                  <span>
                    <IconButton
                      aria-label={t('pressKitAdmin.moveUpNamed', { title: document.title })}
                      disabled={busy !== null || index === 0}
                      onClick={() => move(document, -1)}
                      data-testid="document-up"
                    >
                      <ArrowUpward />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title={t('pressKitAdmin.moveDown')}>
                  <span>
                    <IconButton
                      aria-label={t('pressKitAdmin.moveDownNamed', { title: document.title })}
                      disabled={busy !== null || index === shown.length - 1}
                      onClick={() => move(document, 1)}
                      data-testid="document-down"
                    >
                      <ArrowDownward />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title={t('pressKitAdmin.edit')}>
                  <IconButton
                    aria-label={t('pressKitAdmin.editNamed', { title: document.title })}
                    disabled={busy !== null}
                    onClick={() => setEditing(document)}
                    data-testid="edit-document"
                  >
                    <EditOutlined />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('pressKitAdmin.replace')}>
                  <IconButton
                    component="label"
                    aria-label={t('pressKitAdmin.replaceNamed', { title: document.title })}
                    disabled={busy !== null}
                  >
                    <UploadFile />
                    <input
                      type="file"
                      hidden
                      data-testid="replace-document"
                      onChange={(event) => {
                        const file = event.target.files?.[0];
                        event.target.value = '';
                        if (file) void replace(document, file);
                      }}
                    />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('pressKitAdmin.delete')}>
                  <IconButton
                    color="error"
                    aria-label={t('pressKitAdmin.deleteNamed', { title: document.title })}
                    disabled={busy !== null}
                    onClick={() => setDeleting(document)}
                    data-testid="delete-document"
                  >
                    <DeleteOutline />
                  </IconButton>
                </Tooltip>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}

      {(adding || editing) && siteId !== null && (
        <DocumentDialog
          document={editing}
          siteId={siteId}
          siteName={sites.data?.find((site) => site.id === siteId)?.name ?? ''}
          language={language}
          onClose={() => {
            setAdding(false);
            setEditing(null);
          }}
          onSaved={async () => {
            notify.success(t(editing ? 'pressKitAdmin.saved' : 'pressKitAdmin.added'));
            setAdding(false);
            setEditing(null);
            await refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('pressKitAdmin.deleteTitle')}
        text={t('pressKitAdmin.deleteText', { title: deleting?.title ?? '' })}
        confirmLabel={t('pressKitAdmin.delete')}
        cancelLabel={t('pressKitAdmin.cancel')}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await pressKitAdminApi.remove(deleting.id);
          } catch (error) {
            notify.error(apiErrorMessage(error));
            throw error;
          }
          notify.success(t('pressKitAdmin.deleted'));
          await refresh();
        }}
      />
    </Page>
  );
}

const documentFormSchema = pressKitFieldsSchema.pick({ title: true }).extend({
  description: z.string().trim().max(2000, { error: 'tooLong' }),
});
type DocumentForm = z.infer<typeof documentFormSchema>;

/** Adds a document (title, description, file) to the chosen site and language, or edits its texts. */
function DocumentDialog({
  document,
  siteId,
  siteName,
  language,
  onClose,
  onSaved,
}: {
  document: PressKitDocument | null;
  siteId: number;
  siteName: string;
  language: Language;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const form = useForm<DocumentForm>({
    resolver: zodResolver(documentFormSchema),
    defaultValues: { title: document?.title ?? '', description: document?.description ?? '' },
  });
  const missingFile = !document && !file;
  const save = form.handleSubmit(async (values) => {
    setError(null);
    if (missingFile) return;
    try {
      if (document) {
        await pressKitAdminApi.update(document.id, values);
      } else {
        setProgress(0);
        await addDocument({ ...values, language, groups: [siteId] }, file, i18n.language, setProgress).done;
      }
      await onSaved();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400 && failure.fieldErrors.file) {
        setFileError(failure.fieldErrors.file);
      } else {
        setError(apiErrorMessage(failure));
      }
    } finally {
      setProgress(null);
    }
  });
  // The missing file is reported together with the fields' messages, not after them.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    setFileError(missingFile ? t('pressKitAdmin.fileRequired') : null);
    return save(event);
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>
          {t(document ? 'pressKitAdmin.editTitle' : 'pressKitAdmin.addTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {error && <Alert severity="error">{error}</Alert>}
            {!document && (
              <Typography variant="body2" color="text.secondary">
                {t('pressKitAdmin.addTo', { site: siteName, language: languageNames[language] })}
              </Typography>
            )}
            <FormTextField
              control={form.control}
              name="title"
              label={t('pressKitAdmin.documentTitle')}
              required
              size="small"
              slotProps={{ htmlInput: { maxLength: 300, 'data-testid': 'document-title' } }}
            />
            <FormTextField
              control={form.control}
              name="description"
              label={t('pressKitAdmin.description')}
              optional
              multiline
              minRows={2}
              size="small"
              slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'document-description' } }}
            />
            {!document && (
              <Box>
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
                  <Button component="label" variant="outlined" startIcon={<UploadFile />} size="small">
                    {t('pressKitAdmin.chooseFile')}
                    <input
                      type="file"
                      hidden
                      data-testid="document-file"
                      onChange={(event) => setFile(event.target.files?.[0] ?? null)}
                    />
                  </Button>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {file
                      ? `${file.name} · ${formatBytes(file.size, i18n.language)}`
                      : t('pressKitAdmin.noFile')}
                  </Typography>
                </Stack>
                {fileError && (
                  <FormHelperText error role="alert">
                    {fileError}
                  </FormHelperText>
                )}
              </Box>
            )}
            {progress !== null && (
              <LinearProgress
                variant="determinate"
                value={Math.round(progress * 100)}
                aria-label={t('pressKitAdmin.uploading')}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('pressKitAdmin.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={form.formState.isSubmitting}
            data-testid="save-document"
          >
            {t('pressKitAdmin.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
