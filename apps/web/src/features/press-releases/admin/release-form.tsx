import { zodResolver } from '@hookform/resolvers/zod';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Language, PressReleaseEdit, PressReleaseStatus } from '@pressroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type FieldErrors, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Page } from '../../../components/page.tsx';
import { VideoOffice } from '../../../components/video/video-office.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { languages } from '../../../lib/i18n/languages.ts';
import { notify } from '../../../lib/notifications.ts';
import { useSession } from '../../../lib/session.ts';
import { adminReleaseQuery, releasesAdminApi } from '../api/releases-api.ts';
import { fromLocalInput } from '../format.ts';
import {
  canEditRelease,
  canFeatureReleases,
  canNameReleaseContacts,
  statusActions,
} from '../release-rules.ts';
import { ReleaseContactsField } from './release-contacts-field.tsx';
import { BackToList, Section } from './release-editor-layout.tsx';
import { ReleaseFeatured } from './release-featured.tsx';
import { errorMessage, ReleaseFiles } from './release-files.tsx';
import {
  type EditorInput,
  type EditorOutput,
  editorSchema,
  formValues,
  serverFields,
} from './release-form-values.ts';
import { ReleasePreviews } from './release-previews.tsx';
import { ReleasePublicationSection } from './release-publication-section.tsx';
import { ReleaseStatusSection } from './release-status-section.tsx';
import { ReleaseStatusSummary } from './release-status-summary.tsx';
import { ReleaseTranslationsSection } from './release-translations-section.tsx';
import { StatusChip } from './status-chip.tsx';

/**
 * The release as its editor sees it: the form (texts, publication), then what a saved release adds: status,
 * files, videos, previews, Home and contacts.
 */
export function ReleaseForm({
  release,
  siteId,
}: {
  release: PressReleaseEdit | null;
  siteId: number | undefined;
}) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const interfaceLanguage = (languages as readonly string[]).includes(i18n.language)
    ? (i18n.language as Language)
    : 'en';
  const { control, handleSubmit, setError, formState, getValues } = useForm<
    EditorInput,
    unknown,
    EditorOutput
  >({
    resolver: zodResolver(editorSchema),
    mode: 'onTouched',
    defaultValues: formValues(release, interfaceLanguage, siteId),
  });
  const translations = useFieldArray({ control, name: 'translations' });
  const [tab, setTab] = useState(0);
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const editable = release === null || canEditRelease(user, release);
  const actions = release ? statusActions(user, release) : [];
  const errors = formState.errors as FieldErrors<EditorInput>;

  const refresh = async (saved: PressReleaseEdit) => {
    queryClient.setQueryData(adminReleaseQuery(saved.id).queryKey, saved);
    await queryClient.invalidateQueries({ queryKey: ['admin-press-releases'] });
    await queryClient.invalidateQueries({ queryKey: ['press-releases'] });
    await queryClient.invalidateQueries({ queryKey: ['press-release-years'] });
    await queryClient.invalidateQueries({ queryKey: ['press-release'] });
  };

  const showServerError = (error: unknown) => {
    if (error instanceof ApiError) {
      const left: string[] = [];
      for (const [field, message] of Object.entries(error.fieldErrors)) {
        if ((serverFields as readonly string[]).includes(field)) {
          setError(field as (typeof serverFields)[number], { type: 'server', message });
        } else if (field === 'translations') {
          setError('translations', { type: 'server', message });
        } else left.push(message);
      }
      const general = error.generalMessage ?? left[0];
      if (general || error.status === 0) notify.error(errorMessage(error, t('errors.generic')));
      else notify.error(t('pressReleases.admin.fixErrors'));
      return;
    }
    notify.error(t('errors.generic'));
  };

  const save = handleSubmit(
    async (values) => {
      setBusy(true);
      const input = { ...values, embargo_until: fromLocalInput(values.embargo_until) };
      try {
        const saved = release
          ? await releasesAdminApi.update(release.id, input)
          : await releasesAdminApi.create(input);
        await refresh(saved);
        notify.success(t('pressReleases.admin.saved'));
        if (!release) navigate(paths.pressReleaseEdit(saved.id), { replace: true });
      } catch (error) {
        showServerError(error);
      } finally {
        setBusy(false);
      }
    },
    (invalid) => {
      // Show the first language whose text has a mistake.
      const index = Array.isArray(invalid.translations)
        ? invalid.translations.findIndex((entry) => entry !== undefined)
        : -1;
      if (index >= 0) setTab(index);
      notify.error(t('pressReleases.admin.fixErrors'));
    },
  );

  // First publication mails the site's alert subscribers unless the press office says not to.
  const [notifySubscribers, setNotifySubscribers] = useState(true);
  const firstPublication = release !== null && release.published_at === null;
  const changeStatus = async (to: PressReleaseStatus) => {
    if (!release) return;
    setBusy(true);
    try {
      const saved = await releasesAdminApi.changeStatus(release.id, to, notifySubscribers);
      await refresh(saved);
      notify.success(t(`pressReleases.admin.statusChanged.${to}`));
    } catch (error) {
      showServerError(error);
    } finally {
      setBusy(false);
    }
  };
  /** Publishing at a time to come; a refused time is shown by the field, anything else as usual. */
  const schedule = async (publishAt: string) => {
    if (!release) return;
    setBusy(true);
    try {
      const saved = await releasesAdminApi.changeStatus(
        release.id,
        'published',
        notifySubscribers,
        publishAt,
      );
      await refresh(saved);
      notify.success(t('pressReleases.admin.statusChanged.scheduled'));
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.publish_at) throw error;
      showServerError(error);
    } finally {
      setBusy(false);
    }
  };
  const scheduled = release?.scheduled === true;

  const remove = async () => {
    if (!release) return;
    setConfirmDelete(false);
    setBusy(true);
    try {
      await releasesAdminApi.remove(release.id);
      await queryClient.invalidateQueries({ queryKey: ['admin-press-releases'] });
      notify.success(t('pressReleases.admin.deleted'));
      navigate(paths.pressReleasesAdmin);
    } catch (error) {
      showServerError(error);
      setBusy(false);
    }
  };

  const title = release
    ? getValues('translations').find((entry) => entry.language === interfaceLanguage)?.title ||
      release.translations[0]?.title ||
      t('pressReleases.admin.untitled')
    : t('pressReleases.admin.newTitle');

  return (
    <Page
      title={title}
      actions={
        release && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <StatusChip status={release.status} scheduled={release.scheduled} />
          </Stack>
        )
      }
    >
      <Stack spacing={1} direction="row" useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <BackToList />
        <Box sx={{ flexGrow: 1 }} />
        {release?.status === 'published' && !scheduled && (
          <Button
            component={RouterLink}
            to={paths.pressRelease(release.id)}
            startIcon={<OpenInNew />}
            data-testid="view-public"
          >
            {t('pressReleases.admin.viewPublic')}
          </Button>
        )}
      </Stack>
      {release && <ReleaseStatusSummary release={release} editable={editable} />}
      <Box component="form" noValidate onSubmit={save}>
        <Stack spacing={3}>
          <ReleaseTranslationsSection
            control={control}
            errors={errors}
            translations={translations}
            tab={tab}
            onTabChange={setTab}
            editable={editable}
          />
          <ReleasePublicationSection control={control} editable={editable} />
          {editable && (
            <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              <Button type="submit" variant="contained" disabled={busy} data-testid="save-release">
                {release ? t('pressReleases.admin.save') : t('pressReleases.admin.create')}
              </Button>
              {release && formState.isDirty && (
                <Typography variant="body2" color="text.secondary" role="status">
                  {t('pressReleases.admin.unsaved')}
                </Typography>
              )}
            </Stack>
          )}
        </Stack>
      </Box>
      {release && (
        <Stack spacing={3} sx={{ mt: 3 }}>
          {(actions.length > 0 || editable) && (
            <ReleaseStatusSection
              release={release}
              actions={actions}
              editable={editable}
              busy={busy}
              dirty={formState.isDirty}
              firstPublication={firstPublication}
              notifySubscribers={notifySubscribers}
              onNotifySubscribersChange={setNotifySubscribers}
              onChangeStatus={changeStatus}
              onSchedule={schedule}
              onDelete={() => setConfirmDelete(true)}
            />
          )}
          <Section title={t('pressReleases.admin.files')}>
            <ReleaseFiles release={release} editable={editable} />
          </Section>
          <Section title={t('videos.sectionTitle')}>
            <VideoOffice owner={{ press_release: release.id }} editable={editable} />
          </Section>
          {editable && release.embargo_end && (
            <Section title={t('pressReleases.previews.panelTitle')}>
              <ReleasePreviews releaseId={release.id} />
            </Section>
          )}
          {canFeatureReleases(user) && (
            <Section title={t('pressReleases.admin.featuredOnHome')}>
              <ReleaseFeatured release={release} />
            </Section>
          )}
          {canNameReleaseContacts(user) && (
            <Section title={t('pressReleases.admin.contacts')}>
              <ReleaseContactsField releaseId={release.id} siteIds={release.groups} />
            </Section>
          )}
        </Stack>
      )}
      {!release && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('pressReleases.admin.filesAfterSave')}
        </Typography>
      )}
      <ConfirmDialog
        open={confirmDelete}
        title={t('pressReleases.admin.deleteTitle')}
        text={t('pressReleases.admin.deleteText', { title })}
        confirmLabel={t('pressReleases.admin.delete')}
        cancelLabel={t('pressReleases.admin.cancel')}
        onConfirm={remove}
        onClose={() => setConfirmDelete(false)}
      />
    </Page>
  );
}
