import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { countryName, type Profile, profileUpdateRequest } from '@pressroom/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { FormSelectField, FormTextField } from '../../components/form-fields.tsx';
import { Page } from '../../components/page.tsx';
import { paths } from '../../config/paths.ts';
import { isLanguage, languageNames, languages } from '../../lib/i18n/languages.ts';
import { notify } from '../../lib/notifications.ts';
import { session, useSession } from '../../lib/session.ts';
import { accountApi } from './api/account-api.ts';
import { profileQuery } from './api/profile-query.ts';
import { CoverageMailSetting } from './components/coverage-mail-setting.tsx';
import { formGrid, PressDataFields, pressDataFieldNames } from './components/press-data-fields.tsx';
import { ProfileAlerts } from './components/profile-alerts.tsx';
import { ProfileCalendarFeed } from './components/profile-calendar-feed.tsx';
import { applyServerErrors } from './components/server-errors.ts';
import { PressMailSetting } from './press-mail/press-mail-setting.tsx';
import { AccountDataSection } from './privacy/account-data-section.tsx';

type ProfileForm = z.input<typeof profileUpdateRequest>;

export default function ProfileScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  const profile = useQuery(profileQuery(user?.id));
  const [editing, setEditing] = useState(false);
  // Once the editor closes (saved or cancelled), focus goes back to the button that opened it.
  const editButton = useRef<HTMLButtonElement>(null);
  const [closedEditor, setClosedEditor] = useState(false);
  useEffect(() => {
    if (closedEditor && !editing) editButton.current?.focus();
  }, [closedEditor, editing]);

  return (
    <Page
      title={t('profile.title')}
      actions={
        profile.data &&
        !editing && (
          <Button
            variant="contained"
            ref={editButton}
            onClick={() => {
              setEditing(true);
              setClosedEditor(false);
            }}
            data-testid="edit-profile"
          >
            {t('profile.edit')}
          </Button>
        )
      }
    >
      {profile.isPending ? (
        <CircularProgress aria-label={t('app.loading')} />
      ) : profile.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => profile.refetch()}>
              {t('app.retry')}
            </Button>
          }
        >
          {profile.error.message}
        </Alert>
      ) : editing ? (
        <ProfileEditor
          profile={profile.data}
          onDone={() => {
            setEditing(false);
            setClosedEditor(true);
          }}
        />
      ) : (
        <ProfileView profile={profile.data} />
      )}
    </Page>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function ProfileView({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const value = (text: string | number | null | undefined) =>
    text === null || text === undefined || text === '' ? t('app.notGiven') : String(text);
  const enumValue = (prefix: string, text: string | null) =>
    text ? t(`${prefix}.${text}`) : t('app.notGiven');
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h2" sx={{ mb: 2 }}>
          {t('profile.account')}
        </Typography>
        <Box component="dl" sx={{ ...formGrid, m: 0 }}>
          <Field label={t('signUp.firstName')}>{profile.first_name}</Field>
          <Field label={t('signUp.lastName')}>{profile.last_name}</Field>
          <Field label={t('signUp.email')}>{profile.email}</Field>
          <Field label={t('signUp.language')}>
            {isLanguage(profile.language) ? languageNames[profile.language] : profile.language}
          </Field>
          <Field label={t('profile.userType')}>{t(`userType.${profile.user_type}`)}</Field>
          <Field label={t('profile.groups')}>
            {profile.groups.length ? (
              <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5 }}>
                {profile.groups.map((group) => (
                  // The groups are the six roles; their names are translated with the back office's role names.
                  <Chip
                    key={group.id}
                    label={t(`backOffice.roles.${group.name}`, { defaultValue: group.name })}
                    size="small"
                    component="span"
                  />
                ))}
              </Box>
            ) : (
              t('app.notGiven')
            )}
          </Field>
          <Field label={t('profile.consent')}>
            {profile.consent
              ? t('profile.consentText', {
                  version: profile.consent.version,
                  date: new Date(profile.consent.accepted_at).toLocaleDateString(i18n.language),
                })
              : t('profile.noConsent')}
          </Field>
        </Box>
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h2" sx={{ mb: 2 }}>
          {t('profile.press')}
        </Typography>
        <Box component="dl" sx={{ ...formGrid, m: 0 }}>
          <Field label={t('signUp.qualify')}>{enumValue('qualify', profile.qualify)}</Field>
          <Field label={t('signUp.newspaper')}>{value(profile.newspaper)}</Field>
          <Field label={t('signUp.publishingHouse')}>{value(profile.publishing_house)}</Field>
          <Field label={t('signUp.mediaType')}>{enumValue('mediaType', profile.media_type)}</Field>
          <Field label={t('signUp.periodicity')}>{enumValue('periodicity', profile.periodicity)}</Field>
          <Field label={t('signUp.printingCopies')}>{value(profile.printing_copies)}</Field>
          <Field label={t('signUp.sector')}>{enumValue('sector', profile.sector)}</Field>
          <Field label={t('signUp.country')}>
            {value(countryName(profile.country, i18n.language) || profile.country_unmapped)}
          </Field>
          <Field label={t('signUp.province')}>{value(profile.province)}</Field>
          <Field label={t('signUp.cap')}>{value(profile.cap)}</Field>
        </Box>
      </Paper>
      {user?.permissions.includes('press_area.access') && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h2" sx={{ mb: 1 }}>
            {t('accreditation.title')}
          </Typography>
          <Typography sx={{ mb: 2 }}>{t('accreditation.profileText')}</Typography>
          <Button
            component={RouterLink}
            to={paths.accreditation}
            variant="outlined"
            data-testid="profile-accreditation"
          >
            {t('accreditation.profileAction')}
          </Button>
        </Paper>
      )}
      {user?.permissions.includes('press_area.access') && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h2" sx={{ mb: 1 }}>
            {t('interviews.myFair.title')}
          </Typography>
          <Typography sx={{ mb: 2 }}>{t('interviews.profileText')}</Typography>
          <Button component={RouterLink} to={paths.myFair} variant="outlined" data-testid="profile-my-fair">
            {t('interviews.profileAction')}
          </Button>
        </Paper>
      )}
      {user?.permissions.includes('press_area.access') && <ProfileCalendarFeed />}
      {profile.company_id !== null && user?.permissions.includes('press_release.publish_own_company') && (
        <CoverageMailSetting profile={profile} />
      )}
      <PressMailSetting userId={profile.id} />
      <ProfileAlerts profile={profile} />
      <AccountDataSection />
    </Stack>
  );
}

function ProfileEditor({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { control, handleSubmit, setError, setFocus } = useForm<ProfileForm>({
    resolver: zodResolver(profileUpdateRequest),
    mode: 'onTouched',
    defaultValues: {
      first_name: profile.first_name,
      last_name: profile.last_name,
      language: profile.language,
      qualify: profile.qualify ?? undefined,
      publishing_house: profile.publishing_house,
      // Staff accounts may have no press data: an untouched empty required field is not sent.
      newspaper: profile.newspaper || undefined,
      media_type: profile.media_type ?? undefined,
      periodicity: profile.periodicity,
      printing_copies: profile.printing_copies,
      sector: profile.sector ?? undefined,
      cap: profile.cap,
      province: profile.province,
      country: profile.country || undefined,
    },
  });
  // The editor replaces what the user was reading: focus goes to its first field.
  useEffect(() => setFocus('first_name'), [setFocus]);
  const save = useMutation({
    mutationFn: accountApi.updateProfile,
    onSuccess: (updated) => {
      queryClient.setQueryData(profileQuery(updated.id).queryKey, updated);
      const user = session.get().user;
      if (user) {
        session.updateUser({
          ...user,
          first_name: updated.first_name,
          last_name: updated.last_name,
          language: updated.language,
        });
      }
      notify.success(t('profile.saved'));
      onDone();
    },
  });
  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
    } catch (error) {
      const message = applyServerErrors(error, setError, [
        'first_name',
        'last_name',
        'language',
        ...pressDataFieldNames,
      ]);
      if (message) notify.error(message);
    }
  });
  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack spacing={3}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h2" sx={{ mb: 2 }}>
            {t('profile.account')}
          </Typography>
          <Box sx={formGrid}>
            <FormTextField control={control} name="first_name" label={t('signUp.firstName')} required />
            <FormTextField control={control} name="last_name" label={t('signUp.lastName')} required />
            <FormSelectField
              control={control}
              name="language"
              label={t('signUp.language')}
              options={languages.map((language) => ({ value: language, label: languageNames[language] }))}
              required
            />
            <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
              {profile.email} — {t('profile.emailReadOnly')}
            </Typography>
          </Box>
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h2" sx={{ mb: 2 }}>
            {t('profile.press')}
          </Typography>
          <PressDataFields control={control} unmapped={profile.country_unmapped} />
        </Paper>
        <Box sx={{ display: 'flex', gap: 2 }}>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('profile.save')}
          </Button>
          <Button onClick={onDone} disabled={save.isPending}>
            {t('profile.cancel')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
