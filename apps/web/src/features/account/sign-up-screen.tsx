import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { registerRequest } from '@pressroom/contract';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { FormPasswordField, FormSelectField, FormTextField } from '../../components/form-fields.tsx';
import { AuthCard } from '../../components/page.tsx';
import { paths, withRedirect } from '../../config/paths.ts';
import { translateMessage } from '../../lib/i18n/contract-messages.ts';
import { isLanguage, languageNames, languages } from '../../lib/i18n/languages.ts';
import { notify } from '../../lib/notifications.ts';
import { safeRedirect } from '../../lib/text.ts';
import { accountApi } from './api/account-api.ts';
import { PasswordRules } from './components/password-rules.tsx';
import { formGrid, PressDataFields, pressDataFieldNames } from './components/press-data-fields.tsx';
import { ResendLinkButton } from './components/resend-link.tsx';
import { applyServerErrors } from './components/server-errors.ts';

type RegisterInput = z.input<typeof registerRequest>;
type RegisterOutput = z.output<typeof registerRequest>;

const fieldNames = [
  'first_name',
  'last_name',
  'email',
  'password',
  'password_confirm',
  'language',
  'accept',
  ...pressDataFieldNames,
];

export default function SignUpScreen() {
  const { t, i18n } = useTranslation();
  const [search] = useSearchParams();
  const redirect = safeRedirect(search.get('redirect'));
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<RegisterInput, unknown, RegisterOutput>({
    resolver: zodResolver(registerRequest),
    mode: 'onTouched',
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      password_confirm: '',
      language: isLanguage(i18n.language) ? i18n.language : 'en',
      newspaper: '',
      publishing_house: '',
      periodicity: null,
      printing_copies: null,
      cap: '',
      province: '',
      country: '',
      accept: false as unknown as true,
      press_mail: false,
    },
  });
  const password = useWatch({ control, name: 'password' }) ?? '';

  const submit = handleSubmit(async (values) => {
    try {
      const created = await accountApi.register(values);
      setRegisteredEmail(created.email);
    } catch (error) {
      const message = applyServerErrors(error, setError, fieldNames);
      if (message) notify.error(message);
    }
  });

  if (registeredEmail) {
    return (
      <AuthCard title={t('signUp.doneTitle')}>
        <Alert severity="success" sx={{ mb: 3 }} role="status">
          {t('signUp.doneText', { email: registeredEmail })}
        </Alert>
        <Typography color="text.secondary" sx={{ mb: 1.5 }}>
          {t('signUp.noMail')}
        </Typography>
        <Box sx={{ mb: 3 }}>
          <ResendLinkButton email={registeredEmail} />
        </Box>
        <Button component={RouterLink} to={withRedirect(paths.login, redirect)} variant="contained">
          {t('verify.goToLogin')}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('signUp.title')} intro={t('signUp.intro')} width={820}>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={3}>
          <Typography variant="h2">{t('signUp.personal')}</Typography>
          <Box sx={formGrid}>
            <FormTextField
              control={control}
              name="first_name"
              label={t('signUp.firstName')}
              autoComplete="given-name"
              required
            />
            <FormTextField
              control={control}
              name="last_name"
              label={t('signUp.lastName')}
              autoComplete="family-name"
              required
            />
            <FormTextField
              control={control}
              name="email"
              label={t('signUp.email')}
              type="email"
              autoComplete="email"
              required
            />
            <FormSelectField
              control={control}
              name="language"
              label={t('signUp.language')}
              options={languages.map((language) => ({ value: language, label: languageNames[language] }))}
              required
            />
            <FormPasswordField
              control={control}
              name="password"
              label={t('signUp.password')}
              autoComplete="new-password"
              required
              slotProps={{ htmlInput: { 'aria-describedby': 'sign-up-password-rules' } }}
            />
            <FormPasswordField
              control={control}
              name="password_confirm"
              label={t('signUp.passwordConfirm')}
              autoComplete="new-password"
              required
            />
          </Box>
          <PasswordRules value={password} id="sign-up-password-rules" />
          <Typography variant="h2">{t('signUp.press')}</Typography>
          <PressDataFields control={control} />
          <Controller
            control={control}
            name="accept"
            render={({ field, fieldState }) => (
              <Box>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={field.value === true}
                      onChange={(event) => field.onChange(event.target.checked)}
                      onBlur={field.onBlur}
                      slotProps={{
                        input: {
                          ref: field.ref,
                          'aria-invalid': Boolean(fieldState.error),
                          'aria-describedby': fieldState.error ? 'accept-error' : undefined,
                        } as React.InputHTMLAttributes<HTMLInputElement>,
                      }}
                      data-testid="accept"
                    />
                  }
                  label={t('signUp.accept')}
                />
                {fieldState.error && (
                  <FormHelperText error id="accept-error">
                    {translateMessage(fieldState.error.message)}
                  </FormHelperText>
                )}
                <Link component={RouterLink} to={paths.userPrivacy} target="_blank" rel="noopener">
                  {t('signUp.readNotice')}
                </Link>
              </Box>
            )}
          />
          <Controller
            control={control}
            name="press_mail"
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={field.value === true}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    data-testid="sign-up-press-mail"
                  />
                }
                label={t('pressMail.signUp')}
              />
            )}
          />
          <Typography variant="body2" color="text.secondary" data-testid="registration-footer">
            {t('signUp.footer')}
          </Typography>
          {formState.isSubmitting && <LinearProgress aria-label={t('signUp.submitting')} />}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
            <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? t('signUp.submitting') : t('signUp.submit')}
            </Button>
            <Link component={RouterLink} to={withRedirect(paths.login, redirect)}>
              {t('signUp.haveAccount')}
            </Link>
          </Box>
        </Stack>
      </Box>
    </AuthCard>
  );
}
