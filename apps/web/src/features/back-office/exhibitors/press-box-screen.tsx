import Alert from '@mui/material/Alert';
import type { Permission } from '@pressroom/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadingPlaceholder } from '../../../components/loading-placeholder.tsx';
import { Page } from '../../../components/page.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { useSession } from '../../../lib/session.ts';
import { useUrlState } from '../../../lib/url-state.ts';
import { holdsAny, RequirePermission } from '../components/require-permission.tsx';
import { pressBoxQuery } from './exhibitors-api.ts';
import { CompanyPicker } from './press-box-company-picker.tsx';
import { PressBoxEditor } from './press-box-editor.tsx';

/** The permissions that make a user an editor of some press box (as the server's guard of these routes). */
export const pressBoxEditorPermissions: readonly Permission[] = [
  'press_release.manage_all',
  'press_release.publish_own_company',
  'press_release.write_own_company',
];

/**
 * Those who keep any company's press box (the press office); the others keep their own company's. The
 * association's staff keep the companies' registry, not their press boxes.
 */
const anyBoxPermissions: readonly Permission[] = ['press_release.manage_all'];

/** Back office: a company's press box (logo, description per language, web site, press contacts). */
export default function PressBoxScreen() {
  const { t } = useTranslation();
  return (
    <RequirePermission anyOf={pressBoxEditorPermissions} title={t('backOffice.pressBox.title')}>
      <ChosenPressBox />
    </RequirePermission>
  );
}

function ChosenPressBox() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { read, update } = useUrlState();
  const anyBox = holdsAny(user, anyBoxPermissions);
  const asked = Number(read('company'));
  const company = anyBox && Number.isInteger(asked) && asked > 0 ? asked : (user?.company_id ?? null);
  // The box the editor below loads (one request for both): the picker shows whose it is.
  const shown = useQuery({ ...pressBoxQuery(company ?? 0), enabled: anyBox && company !== null });
  return (
    <Page title={t('backOffice.pressBox.title')}>
      {anyBox && (
        <CompanyPicker
          key={shown.data?.company.id ?? 'none'}
          chosen={company !== null && shown.data ? { id: company, name: shown.data.company.name } : null}
          source={holdsAny(user, ['company.manage']) ? 'companies' : 'releases'}
          onPick={(id) => update({ company: id === null ? null : String(id) })}
        />
      )}
      {company === null ? (
        <Alert severity="info" data-testid="press-box-no-company">
          {t(anyBox ? 'backOffice.pressBox.chooseCompany' : 'backOffice.pressBox.noCompany')}
        </Alert>
      ) : (
        <LoadedPressBox key={company} company={company} />
      )}
    </Page>
  );
}

function LoadedPressBox({ company }: { company: number }) {
  const { t } = useTranslation();
  const box = useQuery(pressBoxQuery(company));
  if (box.isError) {
    return (
      <Alert severity="error" data-testid="press-box-error">
        {box.error instanceof ApiError && box.error.status === 404
          ? t('backOffice.pressBox.notFound')
          : apiErrorMessage(box.error)}
      </Alert>
    );
  }
  if (!box.data) return <LoadingPlaceholder height={480} />;
  return <PressBoxEditor box={box.data} />;
}
