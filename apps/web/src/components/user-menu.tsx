import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths, withRedirect } from '../config/paths.ts';
import { session, useSession } from '../lib/session.ts';
import { safeRedirect } from '../lib/text.ts';
import { focusScreen, mainContentId } from './layout-effects.ts';

// Downloaded when first needed, like the language menu.
const loadList = () => import('./user-menu-list.tsx');
const preloadList = () => void loadList();
const UserMenuList = lazy(loadList);

/** Signed in: first name, last name and e-mail, with profile and log out. Signed out: sign in. */
export function UserMenu() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();

  if (!user) {
    const redirect = safeRedirect(search.get('redirect'));
    return (
      <Button
        component={RouterLink}
        to={withRedirect(paths.login, redirect)}
        color="inherit"
        variant="outlined"
        size="small"
        sx={{ whiteSpace: 'nowrap' }}
        data-testid="sign-in"
      >
        {t('user.login')}
      </Button>
    );
  }

  const initials = `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase();
  const logout = () => {
    setAnchor(null);
    // The specification's logout: clears token and user.
    session.signOut();
    // After logout the user goes to Home unless already there (the navigation moves focus to its heading).
    if (location.pathname !== paths.home) navigate(paths.home);
    else
      requestAnimationFrame(() => {
        // The menu's button is gone with the session: focus goes to the screen instead of the page's start.
        const main = document.getElementById(mainContentId);
        if (main) focusScreen(main);
      });
  };
  return (
    <>
      <IconButton
        onClick={(event) => setAnchor(event.currentTarget)}
        onPointerEnter={preloadList}
        onFocus={preloadList}
        aria-label={`${t('user.menu')}: ${user.first_name} ${user.last_name}`}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        data-testid="user-menu"
        sx={{ p: 0.5 }}
      >
        <Avatar sx={{ width: 34, height: 34, bgcolor: 'secondary.main', fontSize: 15 }}>{initials}</Avatar>
      </IconButton>
      {anchor && (
        <Suspense fallback={null}>
          <UserMenuList
            id={menuId}
            anchor={anchor}
            user={user}
            onClose={() => setAnchor(null)}
            onLogout={logout}
          />
        </Suspense>
      )}
    </>
  );
}
