import { zodResolver } from '@hookform/resolvers/zod';
import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  type Language,
  type PressReleaseEdit,
  type PressReleaseStatus,
  pressReleaseInputSchema,
} from '@pressroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Controller, type FieldErrors, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormTextField } from '../../../components/form-fields.tsx';
import { Page } from '../../../components/page.tsx';
import { VideoOffice } from '../../../components/video/video-office.tsx';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { translateMessage } from '../../../lib/i18n/contract-messages.ts';
import { languageNames, languages } from '../../../lib/i18n/languages.ts';
import { notify } from '../../../lib/notifications.ts';
import { useSession } from '../../../lib/session.ts';
import { useSiteGroup } from '../../../lib/site.ts';
import { sitesQuery } from '../../../lib/sites-query.ts';
import { formatZonedMoment, zoneName } from '../../../lib/zoned-time.ts';
import { adminReleaseQuery, releasesAdminApi } from '../api/releases-api.ts';
import { formatDate, textDirection } from '../components/release-meta.tsx';
import { fromLocalInput, today, toLocalInput } from '../format.ts';
import {
  canChooseReleaseCompany,
  canEditRelease,
  canFeatureReleases,
  canNameReleaseContacts,
  statusActions,
} from '../release-rules.ts';
import { ReleaseCompanyField } from './release-company-field.tsx';
import { ReleaseContactsField } from './release-contacts-field.tsx';
import { ReleaseFeatured } from './release-featured.tsx';
import { errorMessage, ReleaseFiles } from './release-files.tsx';
import { ReleasePreviews } from './release-previews.tsx';
import { ReleaseSchedule } from './release-schedule.tsx';
import { RequireReleaseEditor } from './require-release-editor.tsx';
import { RichTextEditor } from './rich-text-editor.tsx';
import { StatusChip } from './status-chip.tsx';

/** The contract's release input, with the embargo as the local date-time the input field holds. */
const editorSchema = pressReleaseInputSchema.extend({
  embargo_until: z
    .string()
    .refine((value) => value === '' || fromLocalInput(value) !== null, { error: 'fieldInvalid' }),
});
type EditorInput = z.input<typeof editorSchema>;
type EditorOutput = z.output<typeof editorSchema>;

const serverFields = ['publication_date', 'groups', 'embargo_until', 'company_id'] as const;

function formValues(
  release: PressReleaseEdit | null,
  language: Language,
  siteId: number | undefined,
): EditorInput {
  if (!release) {
    return {
      publication_date: today(),
      groups: siteId === undefined ? [] : [siteId],
      company_id: null,
      embargo_until: '',
      translations: [{ language, title: '', subtitle: '', body: '' }],
    };
  }
  return {
    publication_date: release.publication_date,
    groups: release.groups,
    company_id: release.company_id,
    embargo_until: toLocalInput(release.embargo_until),
    translations: release.translations.map((translation) => ({
      language: translation.language as Language,
      title: translation.title,
      subtitle: translation.subtitle,
      body: translation.body,
    })),
  };
}

/** Back office: a new release (`/admin/press-releases/new`) or an existing one, with its files and status. */
export default function ReleaseEditorScreen() {
  const { t } = useTranslation();
  const { id = 'new' } = useParams();
  return (
    <RequireReleaseEditor title={t('pressReleases.admin.editorTitle')}>
      {id === 'new' ? <NewRelease /> : <ExistingRelease id={id} />}
    </RequireReleaseEditor>
  );
}

function NewRelease() {
  const site = useSiteGroup();
  if (site.isPending) return <EditorSkeleton />;
  return <ReleaseForm release={null} siteId={site.data?.id} />;
}

function ExistingRelease({ id }: { id: string }) {
  const { t } = useTranslation();
  const numeric = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  const release = useQuery({ ...adminReleaseQuery(numeric), enabled: numeric > 0 });
  if (numeric === 0 || release.isError) {
    const missing = numeric === 0 || (release.error instanceof ApiError && release.error.status === 404);
    return (
      <Page title={t('pressReleases.admin.editorTitle')}>
        <Alert severity={missing ? 'info' : 'error'} sx={{ mb: 2 }}>
          {missing ? t('pressReleases.admin.notFound') : errorMessage(release.error, t('errors.generic'))}
        </Alert>
        <BackToList />
      </Page>
    );
  }
  if (release.isPending) return <EditorSkeleton />;
  // A new key per saved version: the form starts again from what the server answered.
  return <ReleaseForm key={release.data.updated_at} release={release.data} siteId={undefined} />;
}

function EditorSkeleton() {
  const { t } = useTranslation();
  return (
    <Box aria-busy="true">
      <VisuallyHidden role="status">{t('app.loading')}</VisuallyHidden>
      <Skeleton variant="text" height={56} width="50%" />
      <Skeleton variant="rounded" height={480} />
    </Box>
  );
}

function BackToList() {
  const { t } = useTranslation();
  return (
    <Button
      component={RouterLink}
      to={paths.pressReleasesAdmin}
      startIcon={
        <ArrowBack sx={(theme) => ({ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : 'none' })} />
      }
    >
      {t('pressReleases.admin.backToList')}
    </Button>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }} aria-label={title}>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function ReleaseForm({ release, siteId }: { release: PressReleaseEdit | null; siteId: number | undefined }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const groups = useQuery(sitesQuery);
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
  const [addMenu, setAddMenu] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const editable = release === null || canEditRelease(user, release);
  const mayChooseCompany = canChooseReleaseCompany(user);
  const actions = release ? statusActions(user, release) : [];
  const usedLanguages = translations.fields.map((field) => field.language);
  const missingLanguages = languages.filter((language) => !usedLanguages.includes(language));
  const activeTab = Math.min(tab, translations.fields.length - 1);
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

  const addLanguage = (language: Language) => {
    setAddMenu(null);
    translations.append({ language, title: '', subtitle: '', body: '' }, { shouldFocus: false });
    setTab(translations.fields.length);
  };

  const title = release
    ? getValues('translations').find((entry) => entry.language === interfaceLanguage)?.title ||
      release.translations[0]?.title ||
      t('pressReleases.admin.untitled')
    : t('pressReleases.admin.newTitle');
  const translationsError =
    (errors.translations as { message?: string; root?: { message?: string } } | undefined)?.message ??
    (errors.translations as { root?: { message?: string } } | undefined)?.root?.message;

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
      {release && (
        <Alert
          severity={scheduled ? 'warning' : release.status === 'published' ? 'success' : 'info'}
          sx={{ mb: 2 }}
          data-testid="status-summary"
        >
          {scheduled && release.publish_at
            ? t('pressReleases.admin.statusSummary.scheduled', {
                date: formatZonedMoment(release.publish_at, i18n.language, release.time_zone),
                zone: zoneName(release.time_zone, i18n.language, release.publish_at),
              })
            : t(`pressReleases.admin.statusSummary.${release.status}`, {
                date: formatDate(
                  (release.status === 'published' ? release.published_at : release.submitted_at) ??
                    release.updated_at,
                  i18n.language,
                  true,
                ),
              })}
          {!editable && ` ${t('pressReleases.admin.readOnly')}`}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={save}>
        <Stack spacing={3}>
          <Section title={t('pressReleases.admin.content')}>
            {translationsError && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {translateMessage(translationsError)}
              </Alert>
            )}
            <Stack
              direction="row"
              sx={{ alignItems: 'center', borderBottom: 1, borderColor: 'divider', mb: 2 }}
            >
              <Tabs
                value={activeTab}
                onChange={(_event, value: number) => setTab(value)}
                variant="scrollable"
                scrollButtons="auto"
                allowScrollButtonsMobile
                aria-label={t('pressReleases.admin.languages')}
                sx={{ flexGrow: 1, minWidth: 0 }}
              >
                {translations.fields.map((field, index) => {
                  const broken = Array.isArray(errors.translations) && errors.translations[index];
                  return (
                    <Tab
                      key={field.id}
                      id={`translation-tab-${index}`}
                      aria-controls={`translation-panel-${index}`}
                      label={languageNames[field.language as Language] ?? field.language}
                      icon={
                        broken ? (
                          <ErrorOutline color="error" aria-label={t('pressReleases.admin.hasErrors')} />
                        ) : undefined
                      }
                      iconPosition="end"
                      lang={field.language}
                      data-testid={`tab-${field.language}`}
                    />
                  );
                })}
              </Tabs>
              {editable && missingLanguages.length > 0 && (
                <>
                  <Button
                    startIcon={<Add />}
                    onClick={(event) => setAddMenu(event.currentTarget)}
                    aria-haspopup="menu"
                    aria-expanded={addMenu ? 'true' : undefined}
                    data-testid="add-language"
                    sx={{ flexShrink: 0 }}
                  >
                    {t('pressReleases.admin.addLanguage')}
                  </Button>
                  <Menu anchorEl={addMenu} open={addMenu !== null} onClose={() => setAddMenu(null)}>
                    {missingLanguages.map((language) => (
                      <MenuItem
                        key={language}
                        onClick={() => addLanguage(language)}
                        lang={language}
                        data-testid={`add-language-${language}`}
                      >
                        {languageNames[language]}
                      </MenuItem>
                    ))}
                  </Menu>
                </>
              )}
            </Stack>
            {translations.fields.map((field, index) =>
              index !== activeTab ? null : (
                <Stack
                  key={field.id}
                  role="tabpanel"
                  id={`translation-panel-${index}`}
                  aria-labelledby={`translation-tab-${index}`}
                  spacing={2.5}
                >
                  <FormTextField
                    control={control}
                    name={`translations.${index}.title`}
                    label={t('pressReleases.admin.releaseTitle')}
                    required
                    disabled={!editable}
                    lang={field.language}
                    dir={textDirection(field.language)}
                    slotProps={{ htmlInput: { 'data-testid': 'release-title-input', maxLength: 300 } }}
                  />
                  <FormTextField
                    control={control}
                    name={`translations.${index}.subtitle`}
                    label={t('pressReleases.admin.subtitle')}
                    optional
                    disabled={!editable}
                    multiline
                    minRows={1}
                    lang={field.language}
                    dir={textDirection(field.language)}
                    slotProps={{ htmlInput: { 'data-testid': 'release-subtitle-input', maxLength: 500 } }}
                  />
                  <Controller
                    control={control}
                    name={`translations.${index}.body`}
                    render={({ field: body, fieldState }) => (
                      <RichTextEditor
                        label={t('pressReleases.admin.body')}
                        value={body.value ?? ''}
                        onChange={body.onChange}
                        onBlur={body.onBlur}
                        error={translateMessage(fieldState.error?.message)}
                        lang={field.language}
                        dir={textDirection(field.language)}
                        testId="release-body-editor"
                      />
                    )}
                  />
                  {editable && translations.fields.length > 1 && (
                    <Box>
                      <Button
                        color="error"
                        startIcon={<DeleteOutline />}
                        onClick={() => {
                          translations.remove(index);
                          setTab(Math.max(0, index - 1));
                        }}
                      >
                        {t('pressReleases.admin.removeLanguage', {
                          language: languageNames[field.language as Language] ?? field.language,
                        })}
                      </Button>
                    </Box>
                  )}
                </Stack>
              ),
            )}
          </Section>
          <Section title={t('pressReleases.admin.publication')}>
            <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <FormTextField
                control={control}
                name="publication_date"
                type="date"
                label={t('pressReleases.admin.publicationDate')}
                required
                disabled={!editable}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'publication-date' } }}
              />
              <FormTextField
                control={control}
                name="embargo_until"
                type="datetime-local"
                label={t('pressReleases.admin.embargo')}
                optional
                disabled={!editable}
                helperText={t('pressReleases.admin.embargoHelp')}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'embargo-until' } }}
              />
            </Box>
            <Controller
              control={control}
              name="groups"
              render={({ field, fieldState }) => (
                <FormControl
                  component="fieldset"
                  error={Boolean(fieldState.error)}
                  sx={{ mt: 2.5 }}
                  disabled={!editable}
                >
                  <FormLabel component="legend">{t('pressReleases.admin.sites')}</FormLabel>
                  <FormGroup row>
                    {(groups.data ?? []).map((group) => (
                      <FormControlLabel
                        key={group.id}
                        label={group.name}
                        control={
                          <Checkbox
                            checked={field.value?.includes(group.id) ?? false}
                            onChange={(event) =>
                              field.onChange(
                                event.target.checked
                                  ? [...(field.value ?? []), group.id]
                                  : (field.value ?? []).filter((value) => value !== group.id),
                              )
                            }
                            onBlur={field.onBlur}
                            slotProps={{ input: { 'data-testid': `site-${group.id}` } as object }}
                          />
                        }
                      />
                    ))}
                  </FormGroup>
                  <FormHelperText>
                    {translateMessage(fieldState.error?.message) ?? t('pressReleases.admin.sitesHelp')}
                  </FormHelperText>
                </FormControl>
              )}
            />
            <Box sx={{ mt: 2.5, maxWidth: { sm: 'calc(50% - 10px)' } }}>
              <Controller
                control={control}
                name="company_id"
                render={({ field, fieldState }) => (
                  <ReleaseCompanyField
                    value={field.value ?? null}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    mayChoose={mayChooseCompany}
                    disabled={!editable}
                    error={translateMessage(fieldState.error?.message)}
                  />
                )}
              />
            </Box>
          </Section>
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
            <Section title={t('pressReleases.admin.statusTitle')}>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {formState.isDirty ? t('pressReleases.admin.saveFirst') : t('pressReleases.admin.statusHelp')}
              </Typography>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1.5}
                useFlexGap
                sx={{ flexWrap: 'wrap' }}
              >
                {actions.map((action) => (
                  <Button
                    key={action.action}
                    variant={action.action === 'publish' ? 'contained' : 'outlined'}
                    color={action.action === 'withdraw' ? 'warning' : 'primary'}
                    disabled={busy || formState.isDirty}
                    onClick={() => changeStatus(action.to)}
                    data-testid={`status-action-${action.action}`}
                  >
                    {t(`pressReleases.admin.actions.${action.action}`)}
                  </Button>
                ))}
                {actions.some((action) => action.action === 'publish') && (
                  <ReleaseSchedule
                    release={release}
                    disabled={busy || formState.isDirty}
                    onSchedule={schedule}
                  />
                )}
                {firstPublication && actions.some((action) => action.action === 'publish') && (
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={!notifySubscribers}
                        onChange={(event) => setNotifySubscribers(!event.target.checked)}
                        slotProps={{ input: { 'data-testid': 'publish-quietly' } as object }}
                      />
                    }
                    label={t('pressReleases.admin.publishQuietly')}
                  />
                )}
                {editable && (
                  <Button
                    color="error"
                    startIcon={<DeleteOutline />}
                    disabled={busy}
                    onClick={() => setConfirmDelete(true)}
                    data-testid="delete-release"
                  >
                    {t('pressReleases.admin.delete')}
                  </Button>
                )}
              </Stack>
            </Section>
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
