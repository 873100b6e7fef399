import { zodResolver } from '@hookform/resolvers/zod';
import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  associationStatuses,
  type Company,
  type CompanyField,
  companyFieldNames,
  companyFieldsSchema,
  publicVariantOf,
} from '@pressroom/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormCountryField } from '../../../components/country-field.tsx';
import { FormSelectField, FormTextField } from '../../../components/form-fields.tsx';
import { ListTransfer } from '../../../components/list-transfer.tsx';
import { LoadingPlaceholder } from '../../../components/loading-placeholder.tsx';
import { Page } from '../../../components/page.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notifications.ts';
import { useSession } from '../../../lib/session.ts';
import { allBrandsQuery, companiesApi, companyQuery } from '../api.ts';
import { holdsAny, RequirePermission } from '../components/require-permission.tsx';

type CompanyFormInput = z.input<typeof companyFieldsSchema>;
type CompanyFormOutput = z.output<typeof companyFieldsSchema>;

const registeredFields: CompanyField[] = [
  'business_name',
  'shortName',
  'address',
  'postalCode',
  'city',
  'state',
  'country',
  'telephone',
  'fax',
  'email',
  'website',
  'vat',
];
const publicFields = Object.keys(publicVariantOf) as (keyof typeof publicVariantOf)[];
const multiline: Partial<Record<CompanyField, number>> = { note: 4 };
const inputTypes: Partial<Record<CompanyField, string>> = {
  email: 'email',
  pubEmail: 'email',
  website: 'url',
  pubWebsite: 'url',
  telephone: 'tel',
  fax: 'tel',
  pubTelephone: 'tel',
  pubFax: 'tel',
};

function emptyCompany(): CompanyFormInput {
  const values = Object.fromEntries(companyFieldNames.map((name) => [name, ''])) as Record<
    CompanyField,
    string
  >;
  return { ...values, associationStatus: 'non_member' } as CompanyFormInput;
}

function formValues(company: Company): CompanyFormInput {
  return Object.fromEntries(companyFieldNames.map((name) => [name, company[name]])) as CompanyFormInput;
}

/** Field messages of a 400 answer go under their fields; returns the message that belongs to none. */
export function applyServerErrors<Values extends Record<string, unknown>>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly string[],
): string | null {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const rest: string[] = [];
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    if (fields.includes(field)) setError(field as never, { type: 'server', message });
    else rest.push(message);
  }
  return error.generalMessage ?? rest[0] ?? (Object.keys(error.fieldErrors).length ? null : error.message);
}

/** Back office: a new company (/admin/companies/new) or an existing one, with its brands. */
export default function CompanyEditorScreen() {
  const { t } = useTranslation();
  const { id } = useParams();
  // /admin/companies/new has no :id (its own route); /admin/companies/:id names a company.
  const isNew = id === undefined || id === 'new';
  const companyId = Number(id);
  const title = isNew ? t('backOffice.companies.new') : t('backOffice.companies.edit');
  return (
    <RequirePermission anyOf={['company.manage']} title={title}>
      {isNew ? (
        <CompanyForm key="new" company={null} title={title} />
      ) : Number.isInteger(companyId) && companyId > 0 ? (
        <LoadedCompany id={companyId} title={title} />
      ) : (
        <Page title={title}>
          <Alert severity="error">{t('backOffice.companies.notFound')}</Alert>
        </Page>
      )}
    </RequirePermission>
  );
}

function LoadedCompany({ id, title }: { id: number; title: string }) {
  const { t } = useTranslation();
  const company = useQuery(companyQuery(id));
  if (company.isError) {
    return (
      <Page title={title}>
        <Alert severity="error">
          {company.error instanceof ApiError && company.error.status === 404
            ? t('backOffice.companies.notFound')
            : company.error.message}
        </Alert>
      </Page>
    );
  }
  if (!company.data) {
    return (
      <Page title={title}>
        <LoadingPlaceholder height={480} />
      </Page>
    );
  }
  return <CompanyForm key={company.data.id} company={company.data} title={title} />;
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', flexGrow: 1 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}

const fieldGrid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } } as const;

function CompanyForm({ company, title }: { company: Company | null; title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const canManageBrands = holdsAny(user, ['brand.manage']);
  const [brandIds, setBrandIds] = useState<string[]>(company?.brands.map((brand) => String(brand.id)) ?? []);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // A created company's own screen replaces this form once the route has loaded; until then nothing typed
  // or moved here could be kept, so the form takes no more input.
  const [created, setCreated] = useState(false);
  const brands = useQuery({ ...allBrandsQuery, enabled: canManageBrands });
  const { control, handleSubmit, setError, getValues, setValue } = useForm<
    CompanyFormInput,
    unknown,
    CompanyFormOutput
  >({
    resolver: zodResolver(companyFieldsSchema),
    defaultValues: company ? formValues(company) : emptyCompany(),
  });

  const save = useMutation({
    mutationFn: (values: CompanyFormOutput) => {
      const body = { ...values, ...(canManageBrands && { brands: brandIds.map(Number) }) };
      return company ? companiesApi.update(company.id, body) : companiesApi.create(body);
    },
    onSuccess: async (saved) => {
      setProblem(null);
      queryClient.setQueryData(companyQuery(saved.id).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: ['back-office', 'companies'] });
      await queryClient.invalidateQueries({ queryKey: ['back-office', 'brands'] });
      notify.success(t('backOffice.companies.saved'));
      if (!company) {
        setCreated(true);
        navigate(paths.adminCompany(saved.id), { replace: true });
      }
    },
    onError: (error) => {
      const message = applyServerErrors(error, setError, [...companyFieldNames]);
      setProblem(message);
      if (message) notify.error(message);
    },
  });

  const remove = useMutation({
    mutationFn: () => companiesApi.remove(company!.id),
    onSuccess: async () => {
      setConfirmDelete(false);
      await queryClient.invalidateQueries({ queryKey: ['back-office', 'companies'] });
      notify.success(t('backOffice.companies.deleted'));
      navigate(paths.adminCompanies);
    },
    onError: (error) => {
      setConfirmDelete(false);
      notify.error(error instanceof ApiError ? (error.generalMessage ?? error.message) : String(error));
    },
  });

  const copyRegistered = () => {
    for (const publicField of publicFields) {
      setValue(publicField, getValues(publicVariantOf[publicField]) as string, {
        shouldDirty: true,
        shouldValidate: true,
      });
    }
    notify.info(t('backOffice.companies.copied'));
  };

  const field = (name: CompanyField) =>
    name === 'country' || name === 'pubCountry' ? (
      <FormCountryField
        key={name}
        control={control}
        name={name}
        label={t(`backOffice.company.${name}`)}
        unmapped={name === 'country' ? company?.countryUnmapped : company?.pubCountryUnmapped}
      />
    ) : (
      <FormTextField
        key={name}
        control={control}
        name={name}
        label={t(`backOffice.company.${name}`)}
        type={inputTypes[name] ?? 'text'}
        required={name === 'business_name'}
        multiline={Boolean(multiline[name])}
        minRows={multiline[name]}
        // dir=auto: a Latin name keeps its full stop at the end in a right-to-left interface.
        slotProps={{ htmlInput: { 'data-testid': `company-${name}`, dir: 'auto' } }}
      />
    );

  return (
    <Page
      title={title}
      actions={
        <Link component={RouterLink} to={paths.adminCompanies}>
          {t('backOffice.companies.backToList')}
        </Link>
      }
    >
      <Box component="form" noValidate onSubmit={handleSubmit((values) => save.mutate(values))}>
        <Stack
          spacing={3}
          component="fieldset"
          disabled={created}
          sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}
        >
          {problem && (
            <Alert severity="error" data-testid="company-problem">
              {problem}
            </Alert>
          )}
          <Section title={t('backOffice.companies.registered')}>
            <Box sx={fieldGrid}>{registeredFields.map(field)}</Box>
          </Section>
          <Section title={t('backOffice.companies.association')}>
            <Box sx={fieldGrid}>
              {field('typology')}
              <FormSelectField
                control={control}
                name="associationStatus"
                label={t('backOffice.company.associationStatus')}
                options={associationStatuses.map((value) => ({
                  value,
                  label: t(`backOffice.associationStatus.${value}`),
                }))}
                data-testid="company-associationStatus"
              />
              <Box sx={{ gridColumn: { md: '1 / -1' } }}>{field('note')}</Box>
            </Box>
          </Section>
          <Section
            title={t('backOffice.companies.public')}
            action={
              <Button
                variant="outlined"
                size="small"
                startIcon={<ContentCopy />}
                onClick={copyRegistered}
                data-testid="same-as-registered"
              >
                {t('backOffice.companies.sameAsRegistered')}
              </Button>
            }
          >
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('backOffice.companies.publicHint')}
            </Typography>
            <Box sx={fieldGrid}>{publicFields.map(field)}</Box>
          </Section>
          {canManageBrands && (
            <Section title={t('backOffice.company.brands')}>
              {brands.isError ? (
                <Alert severity="error">{brands.error.message}</Alert>
              ) : !brands.data ? (
                <Skeleton variant="rounded" height={300} />
              ) : (
                <>
                  <ListTransfer
                    items={brands.data.data.map((brand) => ({ id: String(brand.id), label: brand.name }))}
                    assigned={brandIds}
                    onChange={setBrandIds}
                    availableLabel={t('backOffice.companies.availableBrands')}
                    assignedLabel={t('backOffice.companies.assignedBrands')}
                    testId="brand-transfer"
                    disabled={created}
                  />
                  <NewBrand onCreated={(id) => setBrandIds((current) => [...current, String(id)])} />
                </>
              )}
            </Section>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between' }}>
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={save.isPending}
              data-testid="save-company"
            >
              {save.isPending ? t('backOffice.saving') : t('backOffice.save')}
            </Button>
            {company && (
              <Button
                color="error"
                variant="outlined"
                startIcon={<DeleteOutline />}
                onClick={() => setConfirmDelete(true)}
                data-testid="delete-company"
              >
                {t('backOffice.companies.delete')}
              </Button>
            )}
          </Box>
        </Stack>
      </Box>
      {company && (
        <ConfirmDialog
          open={confirmDelete}
          title={t('backOffice.companies.deleteTitle')}
          text={t('backOffice.companies.deleteText', { name: company.business_name })}
          confirmLabel={t('backOffice.companies.delete')}
          cancelLabel={t('backOffice.cancel')}
          onConfirm={() => remove.mutateAsync()}
          onClose={() => setConfirmDelete(false)}
          testId="delete-company-dialog"
        />
      )}
    </Page>
  );
}

/** A brand that does not exist yet: created at once and assigned to the company being edited. */
function NewBrand({ onCreated }: { onCreated: (id: number) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => companiesApi.createBrand(name.trim()),
    onSuccess: async (brand) => {
      setName('');
      setError(null);
      await queryClient.invalidateQueries({ queryKey: ['back-office', 'brands'] });
      onCreated(brand.id);
      notify.success(t('backOffice.companies.brandCreated', { name: brand.name }));
    },
    onError: (failure) =>
      setError(
        failure instanceof ApiError
          ? (failure.fieldErrors.name ?? failure.generalMessage ?? failure.message)
          : String(failure),
      ),
  });
  const submit = () => {
    if (!name.trim()) {
      setError(t('messages.fieldRequired'));
      return;
    }
    create.mutate();
  };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1, mt: 2 }}>
      <TextField
        size="small"
        label={t('backOffice.companies.newBrand')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          // Enter adds the brand instead of saving the whole company.
          if (event.key === 'Enter') {
            event.preventDefault();
            submit();
          }
        }}
        error={Boolean(error)}
        helperText={error ?? undefined}
        slotProps={{ htmlInput: { maxLength: 120, 'data-testid': 'new-brand-name' } }}
        sx={{ minWidth: 240, flexGrow: { xs: 1, sm: 0 } }}
      />
      <Button variant="outlined" onClick={submit} disabled={create.isPending} data-testid="add-brand">
        {t('backOffice.companies.addBrand')}
      </Button>
    </Box>
  );
}
