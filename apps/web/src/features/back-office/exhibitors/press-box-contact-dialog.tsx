import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import { type PressBoxContact, pressBoxContactFieldsSchema } from '@pressroom/contract';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-fields.tsx';
import { filledLocalized, LocalizedFields, localizedValues } from '../../../components/localized-fields.tsx';
import { SpokenLanguagesField } from '../../../components/spoken-languages-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { isLanguage } from '../../../lib/i18n/languages.ts';
import { type PressBoxAnswer, pressBoxApi } from './exhibitors-api.ts';

const fields = pressBoxContactFieldsSchema.shape;
// The contract's fields without their defaults: the form always holds every value.
const contactFormSchema = z.object({
  name: fields.name,
  role: fields.role.unwrap(),
  email: fields.email.unwrap(),
  phone: fields.phone.unwrap(),
  languages: fields.languages.unwrap(),
});
type ContactForm = z.infer<typeof contactFormSchema>;

/** Adds a press contact to a company's press box, or changes one (an agent's change waits for approval). */
export function PressBoxContactDialog({
  company,
  contact,
  onClose,
  onSaved,
}: {
  company: number;
  contact: PressBoxContact | null;
  onClose: () => void;
  onSaved: (answer: PressBoxAnswer, added: boolean) => Promise<void>;
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
      const body = { ...values, role: filledLocalized(values.role) };
      const answer = contact
        ? await pressBoxApi.updateContact(company, contact.id, body)
        : await pressBoxApi.addContact(company, body);
      await onSaved(answer, !contact);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) {
        const known = Object.entries(failure.fieldErrors).filter(([name]) => name in values);
        for (const [name, message] of known) {
          form.setError(name as keyof ContactForm, { type: 'server', message });
        }
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
          {t(contact ? 'backOffice.pressBox.editContactTitle' : 'backOffice.pressBox.addContactTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {error && <Alert severity="error">{error}</Alert>}
            <FormTextField
              control={form.control}
              name="name"
              label={t('backOffice.pressBox.contactName')}
              required
              size="small"
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: 120, dir: 'auto', 'data-testid': 'box-contact-name' } }}
            />
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
              <FormLabel component="legend" sx={{ mb: 1.5 }}>
                {t('backOffice.pressBox.contactRole')}
              </FormLabel>
              <LocalizedFields
                control={form.control}
                name="role"
                label={(language) => t('backOffice.pressBox.contactRoleIn', { language })}
                first={i18n.language}
                testId="box-contact-role"
              />
            </Box>
            <FormTextField
              control={form.control}
              name="email"
              label={t('backOffice.pressBox.contactEmail')}
              optional
              type="email"
              size="small"
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: 254, dir: 'ltr', 'data-testid': 'box-contact-email' } }}
            />
            <FormTextField
              control={form.control}
              name="phone"
              label={t('backOffice.pressBox.contactPhone')}
              optional
              type="tel"
              size="small"
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: 40, dir: 'ltr', 'data-testid': 'box-contact-phone' } }}
            />
            <SpokenLanguagesField
              control={form.control}
              name="languages"
              label={t('backOffice.pressBox.contactLanguages')}
              testIdPrefix="box-contact-speaks-"
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('backOffice.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={form.formState.isSubmitting}
            data-testid="save-box-contact"
          >
            {form.formState.isSubmitting ? t('backOffice.saving') : t('backOffice.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
