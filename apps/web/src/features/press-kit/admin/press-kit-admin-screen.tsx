import Add from '@mui/icons-material/Add';
import FileDownload from '@mui/icons-material/FileDownload';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PressKitDocument } from '@pressroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Page } from '../../../components/page.tsx';
import { ReorderableList, ReorderableRow } from '../../../components/reorderable-list.tsx';
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
import { DocumentDialog } from './press-kit-document-dialog.tsx';

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
        <ReorderableList component="ol" testId="press-kit-admin-list">
          {shown.map((document, index) => (
            <ReorderableRow
              key={document.id}
              testId="press-kit-admin-document"
              leading={
                <Typography
                  aria-hidden
                  color="text.secondary"
                  sx={{ width: 28, textAlign: 'center', fontWeight: 600, flexShrink: 0 }}
                >
                  {index + 1}
                </Typography>
              }
              busy={busy !== null}
              first={index === 0}
              last={index === shown.length - 1}
              onMove={(step) => move(document, step)}
              moveUp={{
                title: t('pressKitAdmin.moveUp'),
                named: t('pressKitAdmin.moveUpNamed', { title: document.title }),
                testId: 'document-up',
              }}
              moveDown={{
                title: t('pressKitAdmin.moveDown'),
                named: t('pressKitAdmin.moveDownNamed', { title: document.title }),
                testId: 'document-down',
              }}
              edit={{
                title: t('pressKitAdmin.edit'),
                named: t('pressKitAdmin.editNamed', { title: document.title }),
                testId: 'edit-document',
              }}
              onEdit={() => setEditing(document)}
              upload={{
                title: t('pressKitAdmin.replace'),
                named: t('pressKitAdmin.replaceNamed', { title: document.title }),
                testId: 'replace-document',
              }}
              uploadIcon={<UploadFile />}
              onUpload={(file) => void replace(document, file)}
              remove={{
                title: t('pressKitAdmin.delete'),
                named: t('pressKitAdmin.deleteNamed', { title: document.title }),
                testId: 'delete-document',
              }}
              onRemove={() => setDeleting(document)}
            >
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
            </ReorderableRow>
          ))}
        </ReorderableList>
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
