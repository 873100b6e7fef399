import { zodResolver } from '@hookform/resolvers/zod';
import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import NoPhotography from '@mui/icons-material/NoPhotographyOutlined';
import PhotoCamera from '@mui/icons-material/PhotoCameraOutlined';
import UploadFile from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  type Permission,
  type PressBox,
  type PressBoxContact,
  pickLocalized,
  pressBoxFieldsSchema,
} from '@pressroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormTextField } from '../../../components/form-fields.tsx';
import { LoadingPlaceholder } from '../../../components/loading-placeholder.tsx';
import { filledLocalized, localizedValues } from '../../../components/localized-fields.tsx';
import { Page } from '../../../components/page.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { translateMessage } from '../../../lib/i18n/contract-messages.ts';
import { isLanguage, isRtl, type Language, languageNames, languages } from '../../../lib/i18n/languages.ts';
import { notify } from '../../../lib/notifications.ts';
import { useSession } from '../../../lib/session.ts';
import { useUrlState } from '../../../lib/url-state.ts';
import { holdsAny, RequirePermission } from '../components/require-permission.tsx';
import {
  companyPickQuery,
  type PressBoxAnswer,
  pressBoxApi,
  pressBoxQuery,
  waits,
} from './exhibitors-api.ts';
import { PendingChanges } from './press-box-changes.tsx';
import { PressBoxContactDialog } from './press-box-contact-dialog.tsx';
import { Section } from './section.tsx';

/** The permissions that make a user an editor of some press box (as the server's guard of these routes). */
export const pressBoxEditorPermissions: readonly Permission[] = [
  'press_release.manage_all',
  'press_release.publish_own_company',
  'press_release.write_own_company',
];
/**
 * Those who keep any company's press box (the press office); the others keep their own company's. The
 * association's staff keep the companies' registry, not their press boxes.
 */
const anyBoxPermissions: readonly Permission[] = ['press_release.manage_all'];

/** Back office: a company's press box (logo, description per language, web site, press contacts). */
export default function PressBoxScreen() {
  const { t } = useTranslation();
  return (
    <RequirePermission anyOf={pressBoxEditorPermissions} title={t('backOffice.pressBox.title')}>
      <ChosenPressBox />
    </RequirePermission>
  );
}

function ChosenPressBox() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { read, update } = useUrlState();
  const anyBox = holdsAny(user, anyBoxPermissions);
  const asked = Number(read('company'));
  const company = anyBox && Number.isInteger(asked) && asked > 0 ? asked : (user?.company_id ?? null);
  // The box the editor below loads (one request for both): the picker shows whose it is.
  const shown = useQuery({ ...pressBoxQuery(company ?? 0), enabled: anyBox && company !== null });
  return (
    <Page title={t('backOffice.pressBox.title')}>
      {anyBox && (
        <CompanyPicker
          key={shown.data?.company.id ?? 'none'}
          chosen={company !== null && shown.data ? { id: company, name: shown.data.company.name } : null}
          source={holdsAny(user, ['company.manage']) ? 'companies' : 'releases'}
          onPick={(id) => update({ company: id === null ? null : String(id) })}
        />
      )}
      {company === null ? (
        <Alert severity="info" data-testid="press-box-no-company">
          {t(anyBox ? 'backOffice.pressBox.chooseCompany' : 'backOffice.pressBox.noCompany')}
        </Alert>
      ) : (
        <LoadedPressBox key={company} company={company} />
      )}
    </Page>
  );
}

function CompanyPicker({
  chosen,
  source,
  onPick,
}: {
  chosen: { id: number; name: string } | null;
  source: 'companies' | 'releases';
  onPick: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [value, setValue] = useState(chosen);
  const companies = useQuery(companyPickQuery(search, source));
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
      <Autocomplete
        options={companies.data ?? []}
        value={value}
        onChange={(_event, picked) => {
          setValue(picked);
          onPick(picked?.id ?? null);
        }}
        onInputChange={(_event, value, reason) => {
          if (reason === 'input') setSearch(value);
        }}
        getOptionLabel={(option) => option.name}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        filterOptions={(options) => options}
        loading={companies.isFetching}
        loadingText={t('app.loading')}
        noOptionsText={t('backOffice.exhibitors.noCompany')}
        sx={{ maxWidth: 480 }}
        renderInput={(params) => (
          <TextField {...params} size="small" label={t('backOffice.pressBox.company')} />
        )}
        data-testid="press-box-company"
      />
    </Paper>
  );
}

function LoadedPressBox({ company }: { company: number }) {
  const { t } = useTranslation();
  const box = useQuery(pressBoxQuery(company));
  if (box.isError) {
    return (
      <Alert severity="error" data-testid="press-box-error">
        {box.error instanceof ApiError && box.error.status === 404
          ? t('backOffice.pressBox.notFound')
          : apiErrorMessage(box.error)}
      </Alert>
    );
  }
  if (!box.data) return <LoadingPlaceholder height={480} />;
  return <PressBoxEditor box={box.data} />;
}

function PressBoxEditor({ box }: { box: PressBox }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const company = box.company.id;
  const [editing, setEditing] = useState<PressBoxContact | 'new' | null>(null);
  const [removing, setRemoving] = useState<PressBoxContact | null>(null);
  const key = pressBoxQuery(company).queryKey;

  /** The press box a direct change answers is shown at once; a waiting change is listed with the others. */
  const received = async (answer: PressBoxAnswer, applied: string) => {
    if (waits(answer)) {
      notify.info(answer.detail);
      await queryClient.invalidateQueries({ queryKey: key });
    } else {
      queryClient.setQueryData(key, answer);
      notify.success(applied);
    }
  };
  // What a running upload or removal is about: the buttons wait for it.
  const [busy, setBusy] = useState<string | null>(null);
  const act = async (name: string, work: () => Promise<PressBoxAnswer>, applied: string) => {
    setBusy(name);
    try {
      await received(await work(), applied);
    } catch (error) {
      notify.error(apiErrorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  /** The contacts' ids with one moved a step up (-1) or down (+1). */
  const movedOrder = (index: number, step: -1 | 1) => {
    const order = box.contacts.map((contact) => contact.id);
    [order[index], order[index + step]] = [order[index + step], order[index]];
    return order;
  };

  return (
    <Stack spacing={3}>
      <Typography variant="h2" sx={{ fontSize: '1.5rem' }}>
        {/* bdi: a Latin name keeps its own direction, the heading the page's alignment. */}
        <bdi data-testid="press-box-company-name">{box.company.name}</bdi>
      </Typography>
      {!box.applies_directly && (
        <Alert severity="info" data-testid="press-box-waits">
          {t('backOffice.pressBox.agentHint')}
        </Alert>
      )}
      {box.pending.length > 0 && <PendingChanges box={box} />}

      <Section title={t('backOffice.pressBox.logo')} testId="press-box-logo">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <Box
            sx={{
              width: 200,
              height: 120,
              display: 'grid',
              placeItems: 'center',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              // A logo drawn for a white page stays legible in the dark theme.
              bgcolor: '#fff',
              color: '#555',
              p: 1,
            }}
          >
            {box.logo_url ? (
              <Box
                component="img"
                src={box.logo_url}
                alt={t('backOffice.pressBox.logoOf', { name: box.company.name })}
                sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
                data-testid="press-box-logo-image"
              />
            ) : (
              <Typography variant="body2">{t('backOffice.pressBox.noLogo')}</Typography>
            )}
          </Box>
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Button component="label" variant="outlined" startIcon={<UploadFile />} disabled={busy !== null}>
              {t(box.logo_url ? 'backOffice.pressBox.replaceLogo' : 'backOffice.pressBox.uploadLogo')}
              <input
                type="file"
                accept="image/png,image/jpeg,image/webp"
                hidden
                data-testid="press-box-logo-file"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (file) {
                    void act(
                      'logo',
                      () => pressBoxApi.setLogo(company, file, i18n.language),
                      t('backOffice.pressBox.logoSaved'),
                    );
                  }
                }}
              />
            </Button>
            {box.logo_url && (
              <Button
                color="error"
                startIcon={<DeleteOutline />}
                disabled={busy !== null}
                onClick={() =>
                  act('logo', () => pressBoxApi.removeLogo(company), t('backOffice.pressBox.logoRemoved'))
                }
                data-testid="press-box-remove-logo"
              >
                {t('backOffice.pressBox.removeLogo')}
              </Button>
            )}
            <Typography variant="body2" color="text.secondary">
              {t('backOffice.pressBox.logoHint')}
            </Typography>
          </Stack>
        </Box>
      </Section>

      <FieldsForm
        // An approved change of another's replaces what the form shows.
        key={JSON.stringify([box.description, box.website])}
        box={box}
        onSaved={(answer) => received(answer, t('backOffice.pressBox.saved'))}
      />

      <Section
        title={t('backOffice.pressBox.contacts')}
        testId="press-box-contacts"
        action={
          <Button
            variant="outlined"
            startIcon={<Add />}
            onClick={() => setEditing('new')}
            data-testid="add-box-contact"
          >
            {t('backOffice.pressBox.addContact')}
          </Button>
        }
      >
        {box.contacts.length === 0 ? (
          <Typography color="text.secondary">{t('backOffice.pressBox.noContacts')}</Typography>
        ) : (
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {box.contacts.map((contact, index) => (
              <Paper
                component="li"
                variant="outlined"
                key={contact.id}
                data-testid="box-contact-row"
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
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    <bdi>{contact.name}</bdi>
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {[pickLocalized(contact.role, i18n.language), contact.email, contact.phone]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                  {contact.languages.length > 0 && (
                    <Typography variant="body2" color="text.secondary">
                      {t('backOffice.pressBox.speaks', {
                        languages: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
                          contact.languages.map((code) => (isLanguage(code) ? languageNames[code] : code)),
                        ),
                      })}
                    </Typography>
                  )}
                </Box>
                <Stack
                  direction="row"
                  spacing={0.5}
                  sx={{ flexWrap: 'wrap', gridColumn: { xs: '1 / -1', md: 'auto' } }}
                >
                  <Tooltip title={t('backOffice.pressBox.moveUp')}>
                    <span>
                      <IconButton
                        aria-label={t('backOffice.pressBox.moveUpNamed', { name: contact.name })}
                        disabled={busy !== null || index === 0}
                        onClick={() =>
                          act(
                            `order-${contact.id}`,
                            () => pressBoxApi.reorderContacts(company, movedOrder(index, -1)),
                            t('backOffice.pressBox.moved'),
                          )
                        }
                        data-testid="box-contact-up"
                      >
                        <ArrowUpward />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={t('backOffice.pressBox.moveDown')}>
                    <span>
                      <IconButton
                        aria-label={t('backOffice.pressBox.moveDownNamed', { name: contact.name })}
                        disabled={busy !== null || index === box.contacts.length - 1}
                        onClick={() =>
                          act(
                            `order-${contact.id}`,
                            () => pressBoxApi.reorderContacts(company, movedOrder(index, 1)),
                            t('backOffice.pressBox.moved'),
                          )
                        }
                        data-testid="box-contact-down"
                      >
                        <ArrowDownward />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={t('backOffice.pressBox.editContact')}>
                    <IconButton
                      aria-label={t('backOffice.pressBox.editContactNamed', { name: contact.name })}
                      disabled={busy !== null}
                      onClick={() => setEditing(contact)}
                      data-testid="edit-box-contact"
                    >
                      <EditOutlined />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('backOffice.pressBox.contactPhoto')}>
                    <IconButton
                      component="label"
                      aria-label={t('backOffice.pressBox.contactPhotoNamed', { name: contact.name })}
                      disabled={busy !== null}
                    >
                      <PhotoCamera />
                      <input
                        type="file"
                        accept="image/jpeg,image/png,image/webp"
                        hidden
                        data-testid="box-contact-photo"
                        onChange={(event) => {
                          const file = event.target.files?.[0];
                          event.target.value = '';
                          if (file) {
                            void act(
                              `photo-${contact.id}`,
                              () => pressBoxApi.setPhoto(company, contact.id, file, i18n.language),
                              t('backOffice.pressBox.photoSaved'),
                            );
                          }
                        }}
                      />
                    </IconButton>
                  </Tooltip>
                  {contact.photo_url && (
                    <Tooltip title={t('backOffice.pressBox.removePhoto')}>
                      <IconButton
                        aria-label={t('backOffice.pressBox.removePhotoNamed', { name: contact.name })}
                        disabled={busy !== null}
                        onClick={() =>
                          act(
                            `photo-${contact.id}`,
                            () => pressBoxApi.removePhoto(company, contact.id),
                            t('backOffice.pressBox.photoRemoved'),
                          )
                        }
                        data-testid="box-contact-remove-photo"
                      >
                        <NoPhotography />
                      </IconButton>
                    </Tooltip>
                  )}
                  <Tooltip title={t('backOffice.pressBox.removeContact')}>
                    <IconButton
                      color="error"
                      aria-label={t('backOffice.pressBox.removeContactNamed', { name: contact.name })}
                      disabled={busy !== null}
                      onClick={() => setRemoving(contact)}
                      data-testid="remove-box-contact"
                    >
                      <DeleteOutline />
                    </IconButton>
                  </Tooltip>
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
      </Section>

      {editing !== null && (
        <PressBoxContactDialog
          company={company}
          contact={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async (answer, added) => {
            setEditing(null);
            await received(
              answer,
              t(added ? 'backOffice.pressBox.contactAdded' : 'backOffice.pressBox.contactSaved'),
            );
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('backOffice.pressBox.removeContactTitle')}
        text={t('backOffice.pressBox.removeContactText', { name: removing?.name ?? '' })}
        confirmLabel={t('backOffice.pressBox.removeContact')}
        cancelLabel={t('backOffice.cancel')}
        onClose={() => setRemoving(null)}
        testId="remove-box-contact-dialog"
        onConfirm={async () => {
          if (!removing) return;
          let answer: PressBoxAnswer;
          try {
            answer = await pressBoxApi.removeContact(company, removing.id);
          } catch (error) {
            notify.error(apiErrorMessage(error));
            throw error;
          }
          await received(answer, t('backOffice.pressBox.contactRemoved'));
        }}
      />
    </Stack>
  );
}

const boxFields = pressBoxFieldsSchema.shape;
// The contract's fields without their defaults: the form holds every language.
const fieldsFormSchema = z.object({
  description: boxFields.description.unwrap(),
  website: boxFields.website.unwrap(),
});
type FieldsFormInput = z.input<typeof fieldsFormSchema>;
type FieldsFormOutput = z.output<typeof fieldsFormSchema>;

/** The description, one tab per language, and the web site. */
function FieldsForm({ box, onSaved }: { box: PressBox; onSaved: (answer: PressBoxAnswer) => Promise<void> }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [language, setLanguage] = useState<Language>(isLanguage(i18n.language) ? i18n.language : 'en');
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<FieldsFormInput, unknown, FieldsFormOutput>({
    resolver: zodResolver(fieldsFormSchema),
    defaultValues: { description: localizedValues(box.description), website: box.website },
  });
  const { errors } = useFormState({ control: form.control });
  const descriptionErrors = (errors.description ?? {}) as Partial<Record<string, { message?: string }>> & {
    message?: string;
  };
  const save = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await onSaved(
        await pressBoxApi.update(box.company.id, {
          description: filledLocalized(values.description as Record<string, string>),
          website: values.website,
        }),
      );
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) {
        const known = Object.entries(failure.fieldErrors).filter(
          ([name]) => name === 'website' || name.startsWith('description'),
        );
        for (const [name, message] of known) {
          form.setError(name as 'website', { type: 'server', message });
        }
        if (known.length === 0) setProblem(apiErrorMessage(failure));
      } else {
        setProblem(apiErrorMessage(failure));
      }
    }
  });
  return (
    <Section title={t('backOffice.pressBox.about')} testId="press-box-fields">
      <Box component="form" noValidate onSubmit={save}>
        <Stack spacing={2.5}>
          {problem && <Alert severity="error">{problem}</Alert>}
          <Box>
            <Tabs
              value={language}
              onChange={(_event, value: Language) => setLanguage(value)}
              variant="scrollable"
              scrollButtons="auto"
              allowScrollButtonsMobile
              aria-label={t('backOffice.pressBox.descriptionLanguages')}
              // Each language by its own name, as written (not capitalised).
              sx={{ borderBottom: 1, borderColor: 'divider', '& .MuiTab-root': { textTransform: 'none' } }}
            >
              {languages.map((code) => (
                <Tab
                  key={code}
                  value={code}
                  id={`${id}-tab-${code}`}
                  aria-controls={`${id}-panel-${code}`}
                  label={<span lang={code}>{languageNames[code]}</span>}
                  data-testid={`description-tab-${code}`}
                />
              ))}
            </Tabs>
            {languages.map((code) => (
              <Box
                key={code}
                role="tabpanel"
                id={`${id}-panel-${code}`}
                aria-labelledby={`${id}-tab-${code}`}
                hidden={code !== language}
                sx={{ pt: 2 }}
              >
                {code === language && (
                  <FormTextField
                    control={form.control}
                    name={`description.${code}`}
                    label={t('backOffice.pressBox.descriptionIn', { language: languageNames[code] })}
                    multiline
                    minRows={5}
                    slotProps={{
                      htmlInput: {
                        maxLength: 3000,
                        lang: code,
                        dir: isRtl(code) ? 'rtl' : 'ltr',
                        'data-testid': `box-description-${code}`,
                      },
                    }}
                  />
                )}
              </Box>
            ))}
            {descriptionErrors.message && (
              <FormHelperText error role="alert">
                {translateMessage(descriptionErrors.message)}
              </FormHelperText>
            )}
          </Box>
          <FormTextField
            control={form.control}
            name="website"
            label={t('backOffice.pressBox.website')}
            optional
            type="url"
            size="small"
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: 300, dir: 'ltr', 'data-testid': 'box-website' } }}
          />
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={form.formState.isSubmitting}
              data-testid="save-box-fields"
            >
              {form.formState.isSubmitting ? t('backOffice.saving') : t('backOffice.save')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Section>
  );
}
