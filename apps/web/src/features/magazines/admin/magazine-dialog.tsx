import { zodResolver } from '@hookform/resolvers/zod';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Magazine, magazineFieldsSchema, magazineKinds } from '@pressroom/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormSelectField, FormTextField } from '../../../components/form-fields.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { translateMessage } from '../../../lib/i18n/contract-messages.ts';
import { sitesQuery } from '../../../lib/sites-query.ts';
import { saveMagazine } from './api.ts';

/** The contract's fields, with the sites required here (a magazine nobody can see is a mistake). */
const formSchema = magazineFieldsSchema.extend({
  publisher: z.string().trim().max(200, { error: 'tooLong' }),
  territory: z.string().trim().max(120, { error: 'tooLong' }),
  link: magazineFieldsSchema.shape.link.unwrap(),
  groups: z.array(z.number().int().positive()).min(1, { error: 'fieldRequired' }),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

/** Creates or edits a magazine: kind, publisher and title, period, territory, cover, PDF or link, sites. */
export function MagazineDialog({
  magazine,
  defaultKind,
  siteId,
  onClose,
  onSaved,
}: {
  /** null: a new magazine. */
  magazine: Magazine | null;
  defaultKind: Magazine['kind'];
  siteId: number | null;
  onClose: () => void;
  onSaved: (saved: Magazine) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const sites = useQuery(sitesQuery);
  const now = new Date();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      kind: magazine?.kind ?? defaultKind,
      publisher: magazine?.publisher ?? '',
      title: magazine?.title ?? '',
      month: magazine?.month ?? now.getMonth() + 1,
      year: magazine?.year ?? now.getFullYear(),
      territory: magazine?.territory ?? '',
      link: magazine?.link ?? '',
      groups: magazine?.groups ?? (siteId ? [siteId] : []),
    },
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const [source, setSource] = useState<'pdf' | 'link'>(magazine?.link && !magazine.pdf_url ? 'link' : 'pdf');
  const [cover, setCover] = useState<File | null>(null);
  const [pdf, setPdf] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [fileErrors, setFileErrors] = useState<{ cover?: string; pdf?: string }>({});
  const [error, setError] = useState<string | null>(null);

  const monthFormat = new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' });
  const monthOptions = Array.from({ length: 12 }, (_, index) => ({
    value: String(index + 1),
    label: monthFormat.format(new Date(Date.UTC(2000, index, 1))),
  }));

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    setFileErrors({});
    setProgress(0);
    try {
      const saved = await saveMagazine(
        magazine?.id ?? null,
        {
          fields: {
            kind: values.kind,
            publisher: values.publisher,
            title: values.title,
            month: values.month,
            year: values.year,
            territory: values.territory,
            link: source === 'link' ? (values.link ?? '') : '',
            groups: values.groups,
          },
          cover,
          pdf: source === 'pdf' ? pdf : null,
          removePdf: source === 'link' && Boolean(magazine?.pdf_url),
        },
        i18n.language,
        setProgress,
      ).done;
      onSaved(saved);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) {
        const fields = failure.fieldErrors;
        for (const [name, message] of Object.entries(fields)) {
          if (name in form.getValues()) form.setError(name as keyof FormInput, { message });
        }
        setFileErrors({ cover: fields.cover, pdf: fields.pdf });
        setError(failure.generalMessage ?? (Object.keys(fields).length ? null : apiErrorMessage(failure)));
      } else {
        setError(apiErrorMessage(failure));
      }
    } finally {
      setProgress(null);
    }
  });

  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>
          {t(magazine ? 'magazinesAdmin.editTitle' : 'magazinesAdmin.newTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {error && <Alert severity="error">{error}</Alert>}
            <FormSelectField
              control={form.control}
              name="kind"
              label={t('magazinesAdmin.kind')}
              options={magazineKinds.map((value) => ({ value, label: t(`magazinesAdmin.kinds.${value}`) }))}
              size="small"
              data-testid="magazine-kind"
            />
            <FormTextField
              control={form.control}
              name="title"
              label={t('magazinesAdmin.titleField')}
              size="small"
              required
              slotProps={{ htmlInput: { maxLength: 300, 'data-testid': 'magazine-title' } }}
            />
            <FormTextField
              control={form.control}
              name="publisher"
              label={t('magazinesAdmin.publisher')}
              optional
              size="small"
              slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'magazine-publisher' } }}
            />
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
              <FormSelectField
                control={form.control}
                name="month"
                label={t('magazines.month')}
                options={monthOptions}
                size="small"
                parse={Number}
              />
              <FormTextField
                control={form.control}
                name="year"
                label={t('magazines.year')}
                type="number"
                size="small"
                slotProps={{ htmlInput: { min: 1900, max: 2999, 'data-testid': 'magazine-year' } }}
              />
            </Box>
            {kind === 'international' && (
              <FormTextField
                control={form.control}
                name="territory"
                label={t('magazines.territory')}
                size="small"
                slotProps={{ htmlInput: { maxLength: 120, 'data-testid': 'magazine-territory' } }}
              />
            )}

            <Box>
              <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
                {t('magazinesAdmin.cover')}
              </Typography>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                {magazine?.cover_url && !cover && (
                  <Box
                    component="img"
                    src={magazine.cover_url}
                    alt={t('magazines.cover', { title: magazine.title })}
                    sx={{ width: 56, height: 72, objectFit: 'cover', borderRadius: 0.5 }}
                  />
                )}
                <Button component="label" variant="outlined" startIcon={<UploadFile />} size="small">
                  {t(magazine?.cover_url ? 'magazinesAdmin.replaceCover' : 'magazinesAdmin.chooseCover')}
                  <input
                    type="file"
                    hidden
                    accept="image/jpeg,image/png,image/webp"
                    data-testid="magazine-cover"
                    onChange={(event) => setCover(event.target.files?.[0] ?? null)}
                  />
                </Button>
                {cover && (
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {cover.name} · {formatBytes(cover.size, i18n.language)}
                  </Typography>
                )}
              </Stack>
              {fileErrors.cover && (
                <FormHelperText error role="alert">
                  {fileErrors.cover}
                </FormHelperText>
              )}
            </Box>

            <FormControl>
              <FormLabel id={`${id}-source`}>{t('magazinesAdmin.source')}</FormLabel>
              <RadioGroup
                row
                aria-labelledby={`${id}-source`}
                value={source}
                onChange={(event) => {
                  const next = event.target.value as 'pdf' | 'link';
                  // A link typed and then given up for a PDF is not checked (nor sent).
                  if (next === 'pdf') form.setValue('link', '', { shouldValidate: false });
                  form.clearErrors('link');
                  setSource(next);
                }}
              >
                <FormControlLabel value="pdf" control={<Radio />} label={t('magazinesAdmin.sourcePdf')} />
                <FormControlLabel
                  value="link"
                  control={
                    <Radio slotProps={{ input: { 'data-testid': 'magazine-source-link' } as object }} />
                  }
                  label={t('magazinesAdmin.sourceLink')}
                />
              </RadioGroup>
            </FormControl>
            {source === 'pdf' ? (
              <Box>
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
                  <Button component="label" variant="outlined" startIcon={<UploadFile />} size="small">
                    {t(magazine?.pdf_url ? 'magazinesAdmin.replacePdf' : 'magazinesAdmin.choosePdf')}
                    <input
                      type="file"
                      hidden
                      accept="application/pdf,.pdf"
                      data-testid="magazine-pdf"
                      onChange={(event) => setPdf(event.target.files?.[0] ?? null)}
                    />
                  </Button>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {pdf
                      ? `${pdf.name} · ${formatBytes(pdf.size, i18n.language)}`
                      : magazine?.pdf_url
                        ? t('magazinesAdmin.currentPdf', {
                            size: formatBytes(magazine.pdf_size ?? 0, i18n.language),
                          })
                        : t('magazinesAdmin.noPdf')}
                  </Typography>
                </Stack>
                {fileErrors.pdf && (
                  <FormHelperText error role="alert">
                    {fileErrors.pdf}
                  </FormHelperText>
                )}
              </Box>
            ) : (
              <FormTextField
                control={form.control}
                name="link"
                label={t('magazinesAdmin.link')}
                type="url"
                size="small"
                placeholder="https://"
                slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'magazine-link' } }}
              />
            )}

            <Controller
              control={form.control}
              name="groups"
              render={({ field, fieldState }) => (
                <FormControl error={Boolean(fieldState.error)} component="fieldset">
                  <FormLabel component="legend">{t('magazinesAdmin.sites')}</FormLabel>
                  <FormGroup row>
                    {(sites.data ?? []).map((site) => (
                      <FormControlLabel
                        key={site.id}
                        label={site.name}
                        control={
                          <Checkbox
                            checked={field.value.includes(site.id)}
                            onChange={(event) =>
                              field.onChange(
                                event.target.checked
                                  ? [...field.value, site.id]
                                  : field.value.filter((value) => value !== site.id),
                              )
                            }
                          />
                        }
                      />
                    ))}
                  </FormGroup>
                  {fieldState.error && (
                    <FormHelperText>{translateMessage(fieldState.error.message)}</FormHelperText>
                  )}
                </FormControl>
              )}
            />
            {progress !== null && (
              <LinearProgress
                variant="determinate"
                value={Math.round(progress * 100)}
                aria-label={t('magazinesAdmin.uploading')}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('magazinesAdmin.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={form.formState.isSubmitting}
            data-testid="save-magazine"
          >
            {t('magazinesAdmin.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
