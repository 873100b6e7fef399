import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { SessionUser } from '@pressroom/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../config/paths.ts';
import { guidedTour } from '../lib/tour.ts';

/** The open user menu: name and e-mail, profile, My fair (journalists), change password, log out. */
export default function UserMenuList(props: {
  id: string;
  anchor: HTMLElement;
  user: SessionUser;
  onClose: () => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  const { user } = props;
  return (
    <Menu
      id={props.id}
      anchorEl={props.anchor}
      open
      onClose={props.onClose}
      // Inside the header landmark, not loose at the end of the page.
      container={props.anchor.closest('header')}
    >
      <Box sx={{ px: 2, py: 1, maxWidth: 280 }}>
        <Typography sx={{ fontWeight: 600 }} noWrap data-testid="user-name">
          {user.first_name} {user.last_name}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {user.email}
        </Typography>
      </Box>
      <Divider />
      <MenuItem component={RouterLink} to={paths.userProfile} onClick={props.onClose}>
        <ListItemText>{t('user.profile')}</ListItemText>
      </MenuItem>
      {user.permissions.includes('press_area.access') && (
        <MenuItem component={RouterLink} to={paths.myFair} onClick={props.onClose} data-testid="user-my-fair">
          <ListItemText>{t('user.myFair')}</ListItemText>
        </MenuItem>
      )}
      {user.permissions.includes('press_area.access') && (
        <MenuItem
          component={RouterLink}
          to={paths.myProgramme}
          onClick={props.onClose}
          data-testid="user-my-programme"
        >
          <ListItemText>{t('user.myProgramme')}</ListItemText>
        </MenuItem>
      )}
      {user.permissions.includes('press_area.access') && (
        <MenuItem component={RouterLink} to={paths.award} onClick={props.onClose} data-testid="user-award">
          <ListItemText>{t('user.award')}</ListItemText>
        </MenuItem>
      )}
      <MenuItem component={RouterLink} to={paths.changePassword} onClick={props.onClose}>
        <ListItemText>{t('user.changePassword')}</ListItemText>
      </MenuItem>
      <MenuItem
        onClick={() => {
          props.onClose();
          guidedTour.start();
        }}
        data-testid="start-tour"
      >
        <ListItemText>{t('layoutExtras.tour.label')}</ListItemText>
      </MenuItem>
      <MenuItem onClick={props.onLogout} data-testid="logout">
        <ListItemText>{t('user.logout')}</ListItemText>
      </MenuItem>
    </Menu>
  );
}
