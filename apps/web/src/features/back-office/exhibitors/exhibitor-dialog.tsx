import { zodResolver } from '@hookform/resolvers/zod';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type Edition,
  type Exhibitor,
  exhibitorCategories,
  exhibitorCreateSchema,
} from '@pressroom/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormSelectField, FormTextField } from '../../../components/form-fields.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { translateMessage } from '../../../lib/i18n/contract-messages.ts';
import { companyPickQuery, exhibitorsApi } from './exhibitors-api.ts';

// The contract's body of a new exhibitor; the edition is the screen's.
const exhibitorFormSchema = exhibitorCreateSchema.omit({ edition: true });
type ExhibitorFormInput = z.input<typeof exhibitorFormSchema>;
type ExhibitorFormOutput = z.output<typeof exhibitorFormSchema>;
const formFields = ['company', 'category', 'stands'];

interface CompanyChoice {
  id: number;
  name: string;
}

/** Adds a company to an edition's exhibitors, or changes an exhibitor's stands and category. */
export function ExhibitorDialog({
  edition,
  exhibitor,
  onClose,
  onSaved,
}: {
  edition: Edition;
  exhibitor: Exhibitor | null;
  onClose: () => void;
  onSaved: (added: boolean) => Promise<void>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [company, setCompany] = useState<CompanyChoice | null>(
    exhibitor ? { id: exhibitor.company.id, name: exhibitor.company.name } : null,
  );
  const companies = useQuery({ ...companyPickQuery(search, 'companies'), enabled: !exhibitor });
  const form = useForm<ExhibitorFormInput, unknown, ExhibitorFormOutput>({
    resolver: zodResolver(exhibitorFormSchema),
    defaultValues: {
      // No company yet: the contract's "required" message until one is chosen.
      company: exhibitor?.company.id as number,
      category: exhibitor?.category ?? null,
      stands: exhibitor?.stands.map((stand) => ({ ...stand })) ?? [{ hall: '', stand: '' }],
    },
  });
  const stands = useFieldArray({ control: form.control, name: 'stands' });
  const standsError = form.formState.errors.stands;
  const standsMessage = standsError?.message ?? standsError?.root?.message;

  const save = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      if (exhibitor) {
        await exhibitorsApi.update(exhibitor.id, { category: values.category, stands: values.stands });
      } else {
        await exhibitorsApi.create({ ...values, edition: edition.id });
      }
      await onSaved(!exhibitor);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) {
        const known = Object.entries(failure.fieldErrors).filter(([name]) => formFields.includes(name));
        for (const [name, message] of known) {
          form.setError(name as 'company' | 'category' | 'stands', {
            type: 'server',
            message,
          });
        }
        if (known.length === 0) setProblem(apiErrorMessage(failure));
      } else {
        setProblem(apiErrorMessage(failure));
      }
    }
  });

  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="sm" fullWidth>
      <form onSubmit={save} noValidate>
        <DialogTitle id={`${id}-title`}>
          {t(exhibitor ? 'backOffice.exhibitors.editTitle' : 'backOffice.exhibitors.addTitle', {
            edition: edition.name,
          })}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {problem && (
              <Alert severity="error" data-testid="exhibitor-problem">
                {problem}
              </Alert>
            )}
            {exhibitor ? (
              <Typography sx={{ fontWeight: 600 }}>
                <bdi>{exhibitor.company.name}</bdi>
              </Typography>
            ) : (
              <Controller
                control={form.control}
                name="company"
                render={({ field, fieldState }) => (
                  <Autocomplete
                    options={companies.data ?? []}
                    value={company}
                    onChange={(_event, value) => {
                      setCompany(value);
                      field.onChange(value?.id);
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
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        inputRef={field.ref}
                        required
                        label={t('backOffice.exhibitors.company')}
                        error={Boolean(fieldState.error)}
                        helperText={translateMessage(fieldState.error?.message)}
                      />
                    )}
                    data-testid="exhibitor-company"
                  />
                )}
              />
            )}
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
              <FormLabel component="legend" sx={{ mb: 1.5 }}>
                {t('backOffice.exhibitors.stands')}
              </FormLabel>
              <Stack spacing={1.5}>
                {stands.fields.map((item, index) => (
                  <Box
                    key={item.id}
                    sx={{
                      display: 'grid',
                      gap: 1,
                      alignItems: 'start',
                      gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) auto',
                    }}
                    data-testid="exhibitor-stand"
                  >
                    <FormTextField
                      control={form.control}
                      name={`stands.${index}.hall`}
                      label={t('backOffice.exhibitors.hall')}
                      required
                      size="small"
                      autoComplete="off"
                      slotProps={{ htmlInput: { maxLength: 40, 'data-testid': `exhibitor-hall-${index}` } }}
                    />
                    <FormTextField
                      control={form.control}
                      name={`stands.${index}.stand`}
                      label={t('backOffice.exhibitors.stand')}
                      required
                      size="small"
                      autoComplete="off"
                      slotProps={{ htmlInput: { maxLength: 40, 'data-testid': `exhibitor-stand-${index}` } }}
                    />
                    <IconButton
                      aria-label={t('backOffice.exhibitors.removeStand', { number: index + 1 })}
                      onClick={() => stands.remove(index)}
                      disabled={stands.fields.length === 1}
                    >
                      <DeleteOutline />
                    </IconButton>
                  </Box>
                ))}
              </Stack>
              {standsMessage && (
                <FormHelperText error role="alert" data-testid="exhibitor-stands-error">
                  {translateMessage(standsMessage)}
                </FormHelperText>
              )}
              <Button
                startIcon={<Add />}
                onClick={() => stands.append({ hall: '', stand: '' })}
                disabled={stands.fields.length >= 20}
                sx={{ mt: 1 }}
                data-testid="add-stand"
              >
                {t('backOffice.exhibitors.addStand')}
              </Button>
            </Box>
            <FormSelectField
              control={form.control}
              name="category"
              label={t('backOffice.exhibitors.category')}
              optional
              size="small"
              options={exhibitorCategories.map((value) => ({ value, label: t(`sector.${value}`) }))}
              data-testid="exhibitor-category"
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('backOffice.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={form.formState.isSubmitting}
            data-testid="save-exhibitor"
          >
            {form.formState.isSubmitting ? t('backOffice.saving') : t('backOffice.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
