import FormHelperText from '@mui/material/FormHelperText';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../lib/connection.ts';

/**
 * Beside an action that needs the server, while the browser is offline: says why the action is disabled (its
 * screen disables it with `useOnline`); what the reader typed stays in the form until the network is back.
 */
export function NeedsConnectionNote({ id }: { id: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <FormHelperText id={id} data-testid="needs-connection">
      {t('app.needsConnection')}
    </FormHelperText>
  );
}
