import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { emailOnlyRequest } from '@pressroom/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form-fields.tsx';
import { notify } from '../../../lib/notifications.ts';
import { applyServerErrors } from './server-errors.ts';

type EmailForm = z.infer<typeof emailOnlyRequest>;

/** One e-mail field and a button: forgot password and "send a new link". Shows the server's answer. */
export function EmailRequestForm({
  submitLabel,
  send,
}: {
  submitLabel: string;
  send: (email: string) => Promise<{ detail: string }>;
}) {
  const { t } = useTranslation();
  const [sent, setSent] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<EmailForm>({
    resolver: zodResolver(emailOnlyRequest),
    defaultValues: { email: '' },
  });
  const submit = handleSubmit(async ({ email }) => {
    try {
      const answer = await send(email);
      setSent(answer.detail);
    } catch (error) {
      const message = applyServerErrors(error, setError, ['email']);
      if (message) notify.error(message);
    }
  });
  if (sent) {
    return (
      <Alert severity="success" role="status">
        {sent}
      </Alert>
    );
  }
  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack spacing={2.5}>
        <FormTextField
          control={control}
          name="email"
          label={t('login.email')}
          type="email"
          autoComplete="email"
          required
        />
        <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
          {submitLabel}
        </Button>
      </Stack>
    </Box>
  );
}
