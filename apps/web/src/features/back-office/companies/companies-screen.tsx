import Add from '@mui/icons-material/Add';
import UploadFile from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { type Company, countryName } from '@pressroom/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { ServerTable, type TableColumn } from '../../../components/server-table.tsx';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { companiesQuery } from '../api.ts';
import { holdsAny, RequirePermission } from '../components/require-permission.tsx';

/** Back office: member companies, searched, ordered and paged by the server. */
export default function CompaniesScreen() {
  const { t } = useTranslation();
  return (
    <RequirePermission anyOf={['company.manage']} title={t('backOffice.companies.title')}>
      <CompaniesList />
    </RequirePermission>
  );
}

function CompaniesList() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const columns: TableColumn<Company>[] = [
    {
      key: 'business_name',
      label: t('backOffice.company.business_name'),
      sortable: true,
      rowHeader: true,
      render: (company) => (
        <Link component={RouterLink} to={paths.adminCompany(company.id)} sx={{ fontWeight: 500 }}>
          {company.business_name}
        </Link>
      ),
    },
    { key: 'city', label: t('backOffice.company.city'), sortable: true, render: (company) => company.city },
    {
      key: 'country',
      label: t('backOffice.company.country'),
      sortable: true,
      render: (company) => countryName(company.country, i18n.language) || company.countryUnmapped,
    },
    { key: 'vat', label: t('backOffice.company.vat'), sortable: true, render: (company) => company.vat },
    {
      key: 'associationStatus',
      label: t('backOffice.company.associationStatus'),
      sortable: true,
      render: (company) => t(`backOffice.associationStatus.${company.associationStatus}`),
    },
    {
      key: 'brands',
      label: t('backOffice.company.brands'),
      render: (company) => (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {company.brands.map((brand) => (
            <Chip key={brand.id} label={brand.name} size="small" />
          ))}
        </Stack>
      ),
    },
  ];
  return (
    <Page
      title={t('backOffice.companies.title')}
      actions={
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {holdsAny(user, ['company.import']) && (
            <Button
              component={RouterLink}
              to={paths.adminImportNew}
              variant="outlined"
              startIcon={<UploadFile />}
            >
              {t('backOffice.imports.new')}
            </Button>
          )}
          <Button
            component={RouterLink}
            to={paths.adminCompanyNew}
            variant="contained"
            startIcon={<Add />}
            data-testid="new-company"
          >
            {t('backOffice.companies.new')}
          </Button>
        </Stack>
      }
    >
      <ServerTable
        label={t('backOffice.companies.title')}
        columns={columns}
        query={companiesQuery}
        rowKey={(company) => company.id}
        searchLabel={t('backOffice.companies.search')}
        emptyText={t('backOffice.companies.empty')}
        testId="company-table"
        defaultOrder={{ column: 'business_name', dir: 'asc' }}
      />
    </Page>
  );
}
