import { useTranslation } from 'react-i18next';
import { RequirePermission } from '../components/require-permission.tsx';
import { ImportWizard } from './import-wizard.tsx';

/**
 * Back office: an import of companies (or, for the press office, of coverage) from an Access or CSV file, step
 * by step: what the file holds and its upload (with progress) ->
 * table (Access) -> mapping of the source columns (the server's suggestions preselected) -> dry run with the
 * rows needing attention -> import with the server's progress -> report.
 */
export default function ImportWizardScreen() {
  const { t } = useTranslation();
  return (
    <RequirePermission
      anyOf={['company.import', 'press_release.manage_all']}
      title={t('backOffice.imports.newImport')}
    >
      <ImportWizard />
    </RequirePermission>
  );
}
