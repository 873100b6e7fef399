import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { Page } from './page.tsx';

/** The place of a press-area screen that its own feature has not delivered yet. */
export function PendingSection({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Page title={t(titleKey)}>
      <Alert severity="info">{t('app.pendingSection')}</Alert>
    </Page>
  );
}
