import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths, withRedirect } from '../app/paths.ts';
import { signOut } from '../features/account/session-actions.ts';
import { useSession } from '../lib/session.ts';
import { safeRedirect } from '../lib/text.ts';

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
      >
        {t('user.login')}
      </Button>
    );
  }

  const initials = `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase();
  const logout = () => {
    setAnchor(null);
    signOut();
    // After logout the user goes to Home unless already there.
    if (location.pathname !== paths.home) navigate(paths.home);
  };
  return (
    <>
      <IconButton
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={`${t('user.menu')}: ${user.first_name} ${user.last_name}`}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        data-testid="user-menu"
        sx={{ p: 0.5 }}
      >
        <Avatar sx={{ width: 34, height: 34, bgcolor: 'secondary.main', fontSize: 15 }}>{initials}</Avatar>
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <Box sx={{ px: 2, py: 1, maxWidth: 280 }}>
          <Typography sx={{ fontWeight: 600 }} noWrap>
            {user.first_name} {user.last_name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.email}
          </Typography>
        </Box>
        <Divider />
        <MenuItem component={RouterLink} to={paths.userProfile} onClick={() => setAnchor(null)}>
          <ListItemText>{t('user.profile')}</ListItemText>
        </MenuItem>
        <MenuItem component={RouterLink} to={paths.changePassword} onClick={() => setAnchor(null)}>
          <ListItemText>{t('user.changePassword')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={logout} data-testid="logout">
          <ListItemText>{t('user.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
