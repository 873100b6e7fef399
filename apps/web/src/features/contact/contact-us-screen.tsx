import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { apiPaths, type ContactRequest, contactRequestSchema } from '@pressroom/contract';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/form-fields.tsx';
import { NeedsConnectionNote } from '../../components/needs-connection.tsx';
import { Page } from '../../components/page.tsx';
import { ApiError, apiRequest } from '../../lib/api-client.ts';
import { useOnline } from '../../lib/connection.ts';
import { notify } from '../../lib/notifications.ts';
import { useSession } from '../../lib/session.ts';
import { useSiteInfo } from '../../lib/site.ts';

/** Contact us: subject and message to the press office; the sender is the signed-in user. */
export default function ContactUsScreen() {
  const { t } = useTranslation();
  const online = useOnline();
  const { user } = useSession();
  const pressOffice = useSiteInfo().data?.press_office_email;
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const sentMessage = useRef<HTMLDivElement>(null);
  // The form is gone once sent: focus goes to the message that says so, and back to the subject for another.
  const [focusAfter, setFocusAfter] = useState<'sent' | 'another' | null>(null);
  const form = useForm<ContactRequest>({
    resolver: zodResolver(contactRequestSchema),
    defaultValues: { subject: '', message: '' },
  });

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await apiRequest<{ id: number; detail: string }>(apiPaths.contact, {
        method: 'POST',
        body: values,
      });
      setSent(answer.detail);
      setFocusAfter('sent');
      notify.success(answer.detail);
      form.reset();
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          if (field === 'subject' || field === 'message') form.setError(field, { message });
        }
        setFailure(error.generalMessage);
      } else {
        setFailure(t('errors.generic'));
      }
    }
  });

  useEffect(() => {
    if (focusAfter === 'sent') sentMessage.current?.focus();
    if (focusAfter === 'another') form.setFocus('subject');
  }, [focusAfter, form.setFocus]);

  return (
    <Page title={t('menu.contactUs')}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
        <Typography sx={{ mb: 1 }}>{t('contact.intro')}</Typography>
        {pressOffice && (
          <Typography variant="body2" sx={{ mb: 1 }} data-testid="press-office-address">
            {t('contact.directAddress')}
            <Link href={`mailto:${pressOffice}`}>{pressOffice}</Link>
          </Typography>
        )}
        {user && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            {t('contact.sender', { name: `${user.first_name} ${user.last_name}`.trim(), email: user.email })}
          </Typography>
        )}
        {sent ? (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Alert
              severity="success"
              data-testid="contact-sent"
              role="status"
              ref={sentMessage}
              tabIndex={-1}
            >
              {sent}
            </Alert>
            <Button
              onClick={() => {
                setSent(null);
                setFocusAfter('another');
              }}
            >
              {t('contact.writeAnother')}
            </Button>
          </Stack>
        ) : (
          <Box component="form" noValidate onSubmit={submit}>
            <Stack spacing={2}>
              {failure && <Alert severity="error">{failure}</Alert>}
              <FormTextField control={form.control} name="subject" label={t('contact.subject')} required />
              <FormTextField
                control={form.control}
                name="message"
                label={t('contact.message')}
                required
                multiline
                minRows={6}
              />
              <Box>
                <Button
                  type="submit"
                  variant="contained"
                  disabled={form.formState.isSubmitting || !online}
                  aria-describedby={online ? undefined : 'contact-needs-connection'}
                >
                  {form.formState.isSubmitting ? t('contact.sending') : t('contact.send')}
                </Button>
                <NeedsConnectionNote id="contact-needs-connection" />
              </Box>
            </Stack>
          </Box>
        )}
      </Paper>
    </Page>
  );
}
