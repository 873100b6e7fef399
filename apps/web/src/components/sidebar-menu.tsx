import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import type { SessionUser } from '@pressroom/contract';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { type MenuItem, menuItems } from '../config/menu.ts';
import { sidebarId } from '../config/sidebar-id.ts';
import { session, useSession } from '../lib/session.ts';
import { sidebarLabelLength, truncate } from '../lib/text.ts';

function holds(user: SessionUser | null, permission: NonNullable<MenuItem['permission']>): boolean {
  const anyOf: readonly string[] = typeof permission === 'string' ? [permission] : permission;
  return anyOf.some((name) => user?.permissions.includes(name));
}

export function visibleMenuItems(items: MenuItem[], user: SessionUser | null): MenuItem[] {
  return items.filter(
    (item) => (!item.requiresAuth || user) && (!item.permission || holds(user, item.permission)),
  );
}

/**
 * The main menu's items (inside the sidebar's nav): labels cut at 18 characters; items needing login are
 * hidden and ignored without a user. Not part of the first load (its icons and list components): see
 * sidebar.tsx.
 */
export default function SidebarMenu({
  mobile,
  mini,
  onClose,
}: {
  mobile: boolean;
  mini: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const location = useLocation();
  const items = visibleMenuItems(menuItems, user);
  const sections = [...new Set(items.map((item) => item.section))];

  return (
    <>
      <Toolbar />
      {sections.map((section) => {
        const headingId = `${sidebarId}-${section}`;
        const heading = section !== 'main' && !mini;
        return (
          <Fragment key={section}>
            {heading && (
              <ListSubheader
                id={headingId}
                component="div"
                sx={{ bgcolor: 'transparent', lineHeight: '36px', mt: 1 }}
              >
                {t(`menu.${section}`)}
              </ListSubheader>
            )}
            <List aria-labelledby={heading ? headingId : undefined} disablePadding>
              {items
                .filter((item) => item.section === section)
                .map((item) => {
                  const label = t(item.titleKey);
                  const Icon = item.icon;
                  const active =
                    location.pathname === item.path || location.pathname.startsWith(`${item.path}/`);
                  return (
                    <li key={item.path}>
                      <ListItemButton
                        component={NavLink}
                        to={item.path}
                        selected={active}
                        title={label}
                        // The whole label, also when the visible one is cut.
                        aria-label={label}
                        onClick={(event: React.MouseEvent) => {
                          // The specification: a click on an item needing login is ignored without a user.
                          if (item.requiresAuth && !session.get().user) {
                            event.preventDefault();
                            return;
                          }
                          if (mobile) onClose();
                        }}
                        sx={{
                          minHeight: 44,
                          px: mini ? 3 : 2.5,
                          justifyContent: mini ? 'center' : 'flex-start',
                        }}
                      >
                        <ListItemIcon sx={{ minWidth: mini ? 0 : 40, color: 'inherit' }}>
                          <Icon />
                        </ListItemIcon>
                        {!mini && <ListItemText primary={truncate(label, sidebarLabelLength)} />}
                      </ListItemButton>
                    </li>
                  );
                })}
            </List>
          </Fragment>
        );
      })}
    </>
  );
}
