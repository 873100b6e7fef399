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
import { contactPersonFields, type LocalizedText } from '@pressroom/contract';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../lib/api-client.ts';
import { apiErrorMessage } from '../lib/api-error-message.ts';
import { isLanguage } from '../lib/i18n/languages.ts';
import { FormTextField } from './form-fields.tsx';
import { filledLocalized, LocalizedFields, localizedValues } from './localized-fields.tsx';
import { SpokenLanguagesField } from './spoken-languages-field.tsx';

// The contract's fields without their defaults: the form always holds every value.
const contactFormSchema = z.object({
  name: contactPersonFields.name,
  role: contactPersonFields.role.unwrap(),
  email: contactPersonFields.email.unwrap(),
  phone: contactPersonFields.phone.unwrap(),
  languages: contactPersonFields.languages.unwrap(),
});
type ContactForm = z.infer<typeof contactFormSchema>;

/** A press contact as the dialog sends it: the role only in the languages it is written in. */
export type PressContactValues = Omit<ContactForm, 'role'> & { role: LocalizedText };

/** The words of the dialog, in the catalog of the screen that opens it. */
export interface PressContactDialogLabels {
  title: string;
  name: string;
  role: string;
  roleIn: (language: string) => string;
  email: string;
  phone: string;
  languages: string;
  cancel: string;
  save: string;
  /** The submit button's words while the contact is sent (else `save` stays). */
  saving?: string;
}

/**
 * Adds a press contact or changes one: a site's (the contacts admin) or a company's press box's, the same
 * person either way. `testIdPrefix` names the fields (`<prefix>-name`, `save-<prefix>`); a server's refusal
 * of a field is shown by that field, anything else above the form.
 */
export function PressContactDialog({
  contact,
  labels,
  testIdPrefix,
  spokenTestIdPrefix,
  onClose,
  onSubmit,
}: {
  contact: {
    name: string;
    role: Record<string, string>;
    email: string;
    phone: string;
    languages: string[];
  } | null;
  labels: PressContactDialogLabels;
  testIdPrefix: string;
  spokenTestIdPrefix?: string;
  onClose: () => void;
  onSubmit: (values: PressContactValues) => Promise<void>;
}) {
  const { i18n } = useTranslation();
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
      await onSubmit({ ...values, role: filledLocalized(values.role) });
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
  const submitting = form.formState.isSubmitting;
  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="sm" fullWidth>
      <form onSubmit={save} noValidate>
        <DialogTitle id={`${id}-title`}>{labels.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {error && <Alert severity="error">{error}</Alert>}
            <FormTextField
              control={form.control}
              name="name"
              label={labels.name}
              required
              size="small"
              autoComplete="off"
              slotProps={{
                htmlInput: { maxLength: 120, dir: 'auto', 'data-testid': `${testIdPrefix}-name` },
              }}
            />
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
              <FormLabel component="legend" sx={{ mb: 1.5 }}>
                {labels.role}
              </FormLabel>
              <LocalizedFields
                control={form.control}
                name="role"
                label={labels.roleIn}
                first={i18n.language}
                testId={`${testIdPrefix}-role`}
              />
            </Box>
            <FormTextField
              control={form.control}
              name="email"
              label={labels.email}
              optional
              type="email"
              size="small"
              autoComplete="off"
              slotProps={{
                htmlInput: { maxLength: 254, dir: 'ltr', 'data-testid': `${testIdPrefix}-email` },
              }}
            />
            <FormTextField
              control={form.control}
              name="phone"
              label={labels.phone}
              optional
              type="tel"
              size="small"
              autoComplete="off"
              slotProps={{
                htmlInput: { maxLength: 40, dir: 'ltr', 'data-testid': `${testIdPrefix}-phone` },
              }}
            />
            <SpokenLanguagesField
              control={form.control}
              name="languages"
              label={labels.languages}
              testIdPrefix={spokenTestIdPrefix}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{labels.cancel}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={submitting}
            data-testid={`save-${testIdPrefix}`}
          >
            {submitting && labels.saving ? labels.saving : labels.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
