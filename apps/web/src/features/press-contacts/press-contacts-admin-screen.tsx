import { zodResolver } from '@hookform/resolvers/zod';
import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import NoPhotography from '@mui/icons-material/NoPhotographyOutlined';
import PhotoCamera from '@mui/icons-material/PhotoCameraOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  boilerplateMaxLength,
  type PressContact,
  pickLocalized,
  pressContactFieldsSchema,
  siteBoilerplateFieldsSchema,
} from '@pressroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { FormTextField } from '../../components/form-fields.tsx';
import { filledLocalized, LocalizedFields, localizedValues } from '../../components/localized-fields.tsx';
import { Page } from '../../components/page.tsx';
import { SpokenLanguagesField } from '../../components/spoken-languages-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { apiErrorMessage } from '../../lib/api-error-message.ts';
import { translateMessage } from '../../lib/i18n/contract-messages.ts';
import { isLanguage, type Language, languageNames, languages } from '../../lib/i18n/languages.ts';
import { notify } from '../../lib/notifications.ts';
import { reorderSteps } from '../../lib/reorder.ts';
import { useSession } from '../../lib/session.ts';
import { useSiteGroup } from '../../lib/site.ts';
import { sitesQuery } from '../../lib/sites-query.ts';
import { useUrlState } from '../../lib/url-state.ts';
import { useBusyAction } from '../../lib/use-busy-action.ts';
import { boilerplatesQuery, pressContactsApi, pressContactsQuery } from './api.ts';

/** Back office of who speaks for a site: its press contacts (in order) and its boilerplate per language. */
export default function PressContactsAdminScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user?.permissions.includes('press_contact.manage')) {
    return (
      <Page title={t('pressContactsAdmin.title')}>
        <Alert severity="warning">{t('pressContactsAdmin.notAllowed')}</Alert>
      </Page>
    );
  }
  return <PressContactsAdmin />;
}

function PressContactsAdmin() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { params: search, update } = useUrlState();
  const currentSite = useSiteGroup();
  const sites = useQuery(sitesQuery);
  const siteId = Number(search.get('site')) || currentSite.data?.id || null;
  const contacts = useQuery({ ...pressContactsQuery(siteId ?? 0), enabled: siteId !== null });
  const [editing, setEditing] = useState<PressContact | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PressContact | null>(null);
  const shown = contacts.data ?? [];

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['press-contacts-admin'] }),
      // The release screens of this browser show the change at once.
      queryClient.invalidateQueries({ queryKey: ['release-voices'] }),
    ]);
  const { busy, run } = useBusyAction<number>(refresh);

  const move = (contact: PressContact, step: -1 | 1) =>
    run(
      contact.id,
      async () => {
        for (const change of reorderSteps(shown, contact.id, step))
          await pressContactsApi.update(change.id, { position: change.position });
      },
      t('pressContactsAdmin.moved'),
    );
  const setPhoto = (contact: PressContact, file: File) =>
    run(
      contact.id,
      () => pressContactsApi.setPhoto(contact.id, file, i18n.language),
      t('pressContactsAdmin.photoSaved'),
    );
  const removePhoto = (contact: PressContact) =>
    run(contact.id, () => pressContactsApi.removePhoto(contact.id), t('pressContactsAdmin.photoRemoved'));

  return (
    <Page
      title={t('pressContactsAdmin.title')}
      actions={
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setEditing('new')}
          disabled={siteId === null}
          data-testid="new-press-contact"
        >
          {t('pressContactsAdmin.add')}
        </Button>
      }
    >
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <TextField
          select
          size="small"
          label={t('pressContactsAdmin.site')}
          value={siteId ?? ''}
          onChange={(event) => update({ site: event.target.value }, true)}
          sx={{ minWidth: 260 }}
          data-testid="press-contacts-site"
        >
          {(sites.data ?? []).map((site) => (
            <MenuItem key={site.id} value={site.id}>
              {site.name}
            </MenuItem>
          ))}
        </TextField>
      </Paper>

      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
        {t('pressContactsAdmin.contactsHeading')}
      </Typography>
      {contacts.isError ? (
        <Alert severity="error">{apiErrorMessage(contacts.error, t('pressContactsAdmin.loadError'))}</Alert>
      ) : !contacts.data ? (
        <Skeleton variant="rounded" height={160} />
      ) : shown.length === 0 ? (
        <Alert severity="info">{t('pressContactsAdmin.empty')}</Alert>
      ) : (
        <Stack
          component="ol"
          spacing={1.5}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
          data-testid="press-contacts-list"
        >
          {shown.map((contact, index) => (
            <Paper
              component="li"
              variant="outlined"
              key={contact.id}
              data-testid="press-contact-row"
              sx={{
                p: 1.5,
                display: 'grid',
                columnGap: 2,
                rowGap: 1,
                alignItems: 'center',
                gridTemplateColumns: { xs: 'auto minmax(0, 1fr)', md: 'auto minmax(0, 1fr) auto' },
              }}
            >
              <Avatar src={contact.photo_url ?? undefined} alt="" sx={{ width: 56, height: 56 }}>
                {contact.name.slice(0, 1).toUpperCase()}
              </Avatar>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} dir="auto">
                  {contact.name}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {[pickLocalized(contact.role, i18n.language), contact.email, contact.phone]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
                {contact.languages.length > 0 && (
                  <Typography variant="body2" color="text.secondary">
                    {contact.languages
                      .map((code) => (isLanguage(code) ? languageNames[code] : code))
                      .join(', ')}
                  </Typography>
                )}
              </Box>
              <Stack
                direction="row"
                spacing={0.5}
                sx={{ flexWrap: 'wrap', gridColumn: { xs: '1 / -1', md: 'auto' } }}
              >
                <Tooltip title={t('pressContactsAdmin.moveUp')}>
                  <span>
                    <IconButton
                      aria-label={t('pressContactsAdmin.moveUpNamed', { name: contact.name })}
                      disabled={busy !== null || index === 0}
                      onClick={() => move(contact, -1)}
                    >
                      <ArrowUpward />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title={t('pressContactsAdmin.moveDown')}>
                  <span>
                    <IconButton
                      aria-label={t('pressContactsAdmin.moveDownNamed', { name: contact.name })}
                      disabled={busy !== null || index === shown.length - 1}
                      onClick={() => move(contact, 1)}
                    >
                      <ArrowDownward />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title={t('pressContactsAdmin.edit')}>
                  <IconButton
                    aria-label={t('pressContactsAdmin.editNamed', { name: contact.name })}
                    disabled={busy !== null}
                    onClick={() => setEditing(contact)}
                    data-testid="edit-press-contact"
                  >
                    <EditOutlined />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('pressContactsAdmin.photo')}>
                  <IconButton
                    component="label"
                    aria-label={t('pressContactsAdmin.photoNamed', { name: contact.name })}
                    disabled={busy !== null}
                  >
                    <PhotoCamera />
                    <input
                      type="file"
                      accept="image/jpeg,image/png,image/webp"
                      hidden
                      data-testid="press-contact-photo"
                      onChange={(event) => {
                        const file = event.target.files?.[0];
                        event.target.value = '';
                        if (file) void setPhoto(contact, file);
                      }}
                    />
                  </IconButton>
                </Tooltip>
                {contact.photo_url && (
                  <Tooltip title={t('pressContactsAdmin.removePhoto')}>
                    <IconButton
                      aria-label={t('pressContactsAdmin.removePhotoNamed', { name: contact.name })}
                      disabled={busy !== null}
                      onClick={() => removePhoto(contact)}
                    >
                      <NoPhotography />
                    </IconButton>
                  </Tooltip>
                )}
                <Tooltip title={t('pressContactsAdmin.delete')}>
                  <IconButton
                    color="error"
                    aria-label={t('pressContactsAdmin.deleteNamed', { name: contact.name })}
                    disabled={busy !== null}
                    onClick={() => setDeleting(contact)}
                  >
                    <DeleteOutline />
                  </IconButton>
                </Tooltip>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}

      {siteId !== null && <BoilerplateEditor siteId={siteId} />}

      {editing !== null && siteId !== null && (
        <ContactDialog
          contact={editing === 'new' ? null : editing}
          siteId={siteId}
          onClose={() => setEditing(null)}
          onSaved={async (added) => {
            notify.success(t(added ? 'pressContactsAdmin.added' : 'pressContactsAdmin.saved'));
            setEditing(null);
            await refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('pressContactsAdmin.deleteTitle')}
        text={t('pressContactsAdmin.deleteText', { name: deleting?.name ?? '' })}
        confirmLabel={t('pressContactsAdmin.delete')}
        cancelLabel={t('pressContactsAdmin.cancel')}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await pressContactsApi.remove(deleting.id);
          } catch (error) {
            notify.error(apiErrorMessage(error));
            throw error;
          }
          notify.success(t('pressContactsAdmin.deleted'));
          await refresh();
        }}
      />
    </Page>
  );
}

const fields = pressContactFieldsSchema.shape;
// The contract's fields without their defaults: the form always holds every value.
const contactFormSchema = z.object({
  name: fields.name,
  role: fields.role.unwrap(),
  email: fields.email.unwrap(),
  phone: fields.phone.unwrap(),
  languages: fields.languages.unwrap(),
});
type ContactForm = z.infer<typeof contactFormSchema>;

function ContactDialog({
  contact,
  siteId,
  onClose,
  onSaved,
}: {
  contact: PressContact | null;
  siteId: number;
  onClose: () => void;
  onSaved: (added: boolean) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ContactForm>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: {
      name: contact?.name ?? '',
      role: localizedValues(contact?.role),
      email: contact?.email ?? '',
      phone: contact?.phone ?? '',
      languages: (contact?.languages ?? []).filter(isLanguage),
    },
  });
  const save = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const fields = { ...values, role: filledLocalized(values.role) };
      if (contact) await pressContactsApi.update(contact.id, fields);
      else await pressContactsApi.add({ ...fields, site: siteId });
      await onSaved(!contact);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) {
        const known = Object.entries(failure.fieldErrors).filter(([name]) => name in values);
        for (const [name, message] of known) form.setError(name as keyof ContactForm, { message });
        if (known.length === 0) setError(apiErrorMessage(failure));
      } else {
        setError(apiErrorMessage(failure));
      }
    }
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="sm" fullWidth>
      <form onSubmit={save} noValidate>
        <DialogTitle id={`${id}-title`}>
          {t(contact ? 'pressContactsAdmin.editTitle' : 'pressContactsAdmin.addTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {error && <Alert severity="error">{error}</Alert>}
            <FormTextField
              control={form.control}
              name="name"
              label={t('pressContactsAdmin.name')}
              required
              size="small"
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: 120, 'data-testid': 'press-contact-name' } }}
            />
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <FormLabel component="legend" sx={{ mb: 1.5 }}>
                {t('pressContactsAdmin.role')}
              </FormLabel>
              <LocalizedFields
                control={form.control}
                name="role"
                label={(language) => t('pressContactsAdmin.roleIn', { language })}
                first={i18n.language}
                testId="press-contact-role"
              />
            </Box>
            <FormTextField
              control={form.control}
              name="email"
              label={t('pressContactsAdmin.email')}
              optional
              type="email"
              size="small"
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: 254, 'data-testid': 'press-contact-email' } }}
            />
            <FormTextField
              control={form.control}
              name="phone"
              label={t('pressContactsAdmin.phone')}
              optional
              type="tel"
              size="small"
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: 40, dir: 'ltr', 'data-testid': 'press-contact-phone' } }}
            />
            <SpokenLanguagesField
              control={form.control}
              name="languages"
              label={t('pressContactsAdmin.languages')}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('pressContactsAdmin.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={form.formState.isSubmitting}
            data-testid="save-press-contact"
          >
            {t('pressContactsAdmin.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** "About the site": one text per language; an empty language falls back to English, then Italian. */
function BoilerplateEditor({ siteId }: { siteId: number }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const boilerplates = useQuery(boilerplatesQuery(siteId));
  const [language, setLanguage] = useState<Language>(isLanguage(i18n.language) ? i18n.language : 'en');
  const stored = boilerplates.data?.find((item) => item.language === language);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setText(stored?.text ?? '');
    setError(null);
  }, [stored?.text]);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['boilerplates-admin', siteId] }),
      queryClient.invalidateQueries({ queryKey: ['release-voices'] }),
    ]);
  const save = async () => {
    const checked = siteBoilerplateFieldsSchema.safeParse({ text });
    if (!checked.success) {
      setError(translateMessage(checked.error.issues[0]?.message) ?? null);
      return;
    }
    setSaving(true);
    try {
      await pressContactsApi.saveBoilerplate(siteId, language, checked.data.text);
      notify.success(t('pressContactsAdmin.boilerplateSaved'));
      await refresh();
    } catch (failure) {
      setError(apiErrorMessage(failure));
    } finally {
      setSaving(false);
    }
  };
  const remove = async () => {
    setSaving(true);
    try {
      await pressContactsApi.removeBoilerplate(siteId, language);
      notify.success(t('pressContactsAdmin.boilerplateRemoved'));
      await refresh();
    } catch (failure) {
      notify.error(apiErrorMessage(failure));
    } finally {
      setSaving(false);
    }
  };
  const written = new Set((boilerplates.data ?? []).map((item) => item.language));
  return (
    <Box component="section" aria-labelledby="boilerplate-heading" sx={{ mt: 4 }}>
      <Typography id="boilerplate-heading" variant="h2" sx={{ fontSize: '1.25rem', mb: 0.5 }}>
        {t('pressContactsAdmin.boilerplateHeading')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('pressContactsAdmin.boilerplateHint')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <TextField
            select
            size="small"
            label={t('pressContactsAdmin.language')}
            value={language}
            onChange={(event) => isLanguage(event.target.value) && setLanguage(event.target.value)}
            sx={{ maxWidth: 320 }}
            data-testid="boilerplate-language"
          >
            {languages.map((code) => (
              <MenuItem key={code} value={code}>
                <span lang={code}>{languageNames[code]}</span>
                &nbsp;
                {written.has(code) ? `(${t('pressContactsAdmin.written')})` : ''}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            multiline
            minRows={4}
            label={t('pressContactsAdmin.boilerplateText', { language: languageNames[language] })}
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={error !== null}
            helperText={
              error ??
              t('pressContactsAdmin.charactersLeft', {
                count: Math.max(0, boilerplateMaxLength - text.length),
              })
            }
            slotProps={{
              htmlInput: {
                maxLength: boilerplateMaxLength,
                lang: language,
                dir: language === 'he' || language === 'ar' ? 'rtl' : 'ltr',
                'data-testid': 'boilerplate-text',
              },
            }}
          />
          <Stack direction="row" spacing={1}>
            <Button variant="contained" onClick={save} disabled={saving} data-testid="save-boilerplate">
              {t('pressContactsAdmin.save')}
            </Button>
            {stored && (
              <Button color="error" onClick={remove} disabled={saving}>
                {t('pressContactsAdmin.removeBoilerplate')}
              </Button>
            )}
          </Stack>
        </Stack>
      </Paper>
    </Box>
  );
}
