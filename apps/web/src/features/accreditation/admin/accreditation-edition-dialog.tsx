import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { type Edition, editionCreateSchema } from '@pressroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { translateMessage } from '../../../lib/i18n/contract-messages.ts';
import { notify } from '../../../lib/notifications.ts';
import { sitesQuery } from '../../../lib/sites-query.ts';
import { accreditationApi } from '../api/accreditation-api.ts';

/** An edition added or edited: its site (when new), name, dates and whether proof is required. */
export function EditionDialog({ edition, onClose }: { edition: Edition | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const sites = useQuery(sitesQuery);
  const [values, setValues] = useState({
    site: edition?.site ?? 0,
    name: edition?.name ?? '',
    starts_on: edition?.starts_on ?? '',
    ends_on: edition?.ends_on ?? '',
    proof_required: edition?.proof_required ?? true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!edition && values.site === 0 && sites.data?.[0])
      setValues((current) => ({ ...current, site: sites.data[0].id }));
  }, [edition, sites.data, values.site]);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const parsed = editionCreateSchema.safeParse(values);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues)
        found[String(issue.path[0])] ??= translateMessage(issue.message) ?? '';
      setErrors(found);
      return;
    }
    setBusy(true);
    try {
      if (edition) {
        const { site: _site, ...changes } = parsed.data;
        await accreditationApi.updateEdition(edition.id, changes);
      } else {
        await accreditationApi.createEdition(parsed.data);
      }
      notify.success(t('accreditation.editionSaved'));
      await queryClient.invalidateQueries({ queryKey: ['accreditation'] });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setErrors(error.fieldErrors);
      else setErrors({ non_field_errors: apiErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  const field = (name: 'name' | 'starts_on' | 'ends_on') => ({
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      setValues({ ...values, [name]: event.target.value });
      setErrors({ ...errors, [name]: '' });
    },
    error: Boolean(errors[name]),
    helperText: errors[name] || undefined,
    fullWidth: true,
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby="edition-dialog-title" fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={save}>
        <DialogTitle id="edition-dialog-title">
          {edition ? t('accreditation.editEdition') : t('accreditation.addEdition')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {!edition && (
              <TextField
                select
                label={t('accreditation.site')}
                value={values.site || ''}
                onChange={(event) => setValues({ ...values, site: Number(event.target.value) })}
                fullWidth
                slotProps={{ htmlInput: { 'data-testid': 'edition-site' } }}
              >
                {(sites.data ?? []).map((site) => (
                  <MenuItem key={site.id} value={site.id}>
                    {site.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <TextField
              label={t('accreditation.editionName')}
              required
              {...field('name')}
              slotProps={{ htmlInput: { maxLength: 150, 'data-testid': 'edition-name' } }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                type="date"
                label={t('accreditation.startsOn')}
                required
                {...field('starts_on')}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'edition-starts' } }}
              />
              <TextField
                type="date"
                label={t('accreditation.endsOn')}
                required
                {...field('ends_on')}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'edition-ends' } }}
              />
            </Stack>
            <FormControlLabel
              control={
                <Switch
                  checked={values.proof_required}
                  onChange={(event) => setValues({ ...values, proof_required: event.target.checked })}
                />
              }
              label={t('accreditation.proofRequired')}
            />
            {errors.non_field_errors && <Alert severity="error">{errors.non_field_errors}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('accreditation.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="edition-save">
            {t('accreditation.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
