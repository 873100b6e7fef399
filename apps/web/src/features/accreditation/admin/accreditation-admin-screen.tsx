import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page.tsx';
import { useSession } from '../../../lib/session.ts';
import { EditionsSection } from './accreditation-editions-section.tsx';
import { QueueSection } from './accreditation-queue.tsx';

/**
 * The press office's accreditation: the editions of the fair (dates, whether proof is required), and the queue
 * of requests with their proof shown inline, filtered by edition, status and country, decided one at a time
 * or several at once. Every decision is mailed to the journalist by the server.
 */
export default function AccreditationAdminScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  const allowed = user?.permissions.includes('journalist.accredit') ?? false;
  if (!allowed) {
    return (
      <Page title={t('accreditation.adminTitle')}>
        <Alert severity="warning">{t('accreditation.notAllowed')}</Alert>
      </Page>
    );
  }
  return (
    <Page title={t('accreditation.adminTitle')}>
      <Stack spacing={4}>
        <EditionsSection />
        <QueueSection />
      </Stack>
    </Page>
  );
}
