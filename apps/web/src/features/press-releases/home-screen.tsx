import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Page } from '../../components/page.tsx';
import { paths, withRedirect } from '../../config/paths.ts';
import { useSession } from '../../lib/session.ts';
import { safeRedirect } from '../../lib/text.ts';
import { ReleasesBrowser } from './components/releases-browser.tsx';

/**
 * Home: the site's published press releases, public. The list (years, search, pages, feed link) is the
 * press-releases feature's ReleasesBrowser; Home adds the sign-in prompt of the route guard's redirect.
 */
export default function HomeScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [search] = useSearchParams();
  const redirect = safeRedirect(search.get('redirect'));

  return (
    <Page title={t('home.title')}>
      {redirect && !user && (
        <Alert
          severity="info"
          sx={{ mb: 3 }}
          action={
            <Button component={RouterLink} to={withRedirect(paths.login, redirect)} color="inherit">
              {t('user.login')}
            </Button>
          }
          data-testid="sign-in-required"
        >
          {t('home.signInRequired')}
        </Alert>
      )}
      <ReleasesBrowser />
    </Page>
  );
}
