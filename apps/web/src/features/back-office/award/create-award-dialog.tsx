import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type Award, apiPaths, awardCreateSchema, awardLimits, type Edition } from '@pressroom/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectField, FormTextField } from '../../../components/form-fields.tsx';
import { emptyLocalized, filledLocalized, LocalizedFields } from '../../../components/localized-fields.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { notify } from '../../../lib/notifications.ts';
import { useSiteGroup } from '../../../lib/site.ts';
import { zonedInstant } from '../../../lib/zoned-time.ts';
import { awardAdminApi } from './award-api.ts';

interface AwardForm {
  edition: string;
  name: Record<string, string>;
  window_starts_on: string;
  window_ends_on: string;
  /** A time at the fair, as a datetime-local field holds it. */
  entry_deadline: string;
  entries_per_category: string;
  categories: { name: Record<string, string> }[];
}

const editionsOfSiteQuery = {
  queryKey: ['back-office', 'award-editions'],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiRequest<{ results: Edition[] }>(apiPaths.editions, { signal }).then((answer) => answer.results),
};

function toBody(values: AwardForm, editions: Edition[]) {
  const edition = editions.find((item) => String(item.id) === values.edition);
  return {
    edition: edition?.id,
    name: filledLocalized(values.name),
    window_starts_on: values.window_starts_on,
    window_ends_on: values.window_ends_on,
    entry_deadline: edition ? zonedInstant(values.entry_deadline, edition.time_zone) : '',
    entries_per_category:
      values.entries_per_category === '' ? undefined : Number(values.entries_per_category),
    categories: values.categories.map((category) => ({ name: filledLocalized(category.name) })),
  };
}

/** Opens the award of an edition of this site: its name and categories in each language, window, deadline. */
export function CreateAwardDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (award: Award) => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const site = useSiteGroup();
  const editions = useQuery(editionsOfSiteQuery);
  const ofSite = (editions.data ?? []).filter((edition) => edition.site === site.data?.id);
  const resolver: Resolver<AwardForm> = (values, context, options) =>
    zodResolver(awardCreateSchema)(toBody(values, ofSite) as never, context, options as never) as never;
  const form = useForm<AwardForm>({
    resolver,
    defaultValues: {
      edition: '',
      name: emptyLocalized(),
      window_starts_on: '',
      window_ends_on: '',
      entry_deadline: '',
      entries_per_category: '1',
      categories: [{ name: emptyLocalized() }, { name: emptyLocalized() }],
    },
  });
  const categories = useFieldArray({ control: form.control, name: 'categories' });
  const submit = form.handleSubmit(async (values) => {
    try {
      const created = await awardAdminApi.create(awardCreateSchema.parse(toBody(values, ofSite)));
      notify.success(t('awardAdmin.created'));
      await onCreated(created);
      onClose();
    } catch (error) {
      notify.error(apiErrorMessage(error));
    }
  });
  const languageLabel =
    (key: string, extra: Record<string, unknown> = {}) =>
    (language: string) =>
      t(key, { language, ...extra });
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      data-testid="award-create-dialog"
    >
      <DialogTitle id={titleId}>{t('awardAdmin.createTitle')}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          id={`${titleId}-form`}
          noValidate
          onSubmit={submit}
          sx={{ display: 'grid', gap: 2, pt: 1 }}
        >
          <FormSelectField
            control={form.control}
            name="edition"
            label={t('awardAdmin.edition')}
            options={ofSite.map((edition) => ({ value: String(edition.id), label: edition.name }))}
            slotProps={{ htmlInput: { 'data-testid': 'award-edition' } }}
          />
          <LocalizedFields
            control={form.control}
            name="name"
            label={languageLabel('awardAdmin.name')}
            first={i18n.language}
            testId="award-name"
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <FormTextField
              control={form.control}
              name="window_starts_on"
              label={t('awardAdmin.windowStartsOn')}
              type="date"
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <FormTextField
              control={form.control}
              name="window_ends_on"
              label={t('awardAdmin.windowEndsOn')}
              type="date"
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <FormTextField
              control={form.control}
              name="entry_deadline"
              label={t('awardAdmin.deadline')}
              type="datetime-local"
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <FormTextField
              control={form.control}
              name="entries_per_category"
              label={t('awardAdmin.entriesPerCategory')}
              type="number"
              slotProps={{ htmlInput: { min: 1, max: awardLimits.entriesPerCategory } }}
            />
          </Box>
          {categories.fields.map((field, index) => (
            <Box key={field.id} sx={{ display: 'grid', gap: 1 }}>
              <LocalizedFields
                control={form.control}
                name={`categories.${index}.name`}
                label={languageLabel('awardAdmin.categoryName', { number: index + 1 })}
                first={i18n.language}
                testId={`award-category-${index}`}
              />
              {categories.fields.length > 1 && (
                <Box>
                  <Button size="small" onClick={() => categories.remove(index)}>
                    {t('awardAdmin.removeCategory', { number: index + 1 })}
                  </Button>
                </Box>
              )}
            </Box>
          ))}
          {form.formState.errors.categories?.message && (
            <Typography color="error" variant="body2">
              {form.formState.errors.categories.message}
            </Typography>
          )}
          {categories.fields.length < awardLimits.categories && (
            <Box>
              <Button onClick={() => categories.append({ name: emptyLocalized() })}>
                {t('awardAdmin.addCategory')}
              </Button>
            </Box>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('awardAdmin.cancel')}</Button>
        <Button
          type="submit"
          form={`${titleId}-form`}
          variant="contained"
          disabled={form.formState.isSubmitting}
          data-testid="award-create"
        >
          {t('awardAdmin.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
