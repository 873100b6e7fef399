import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import type { SessionUser } from '@pressroom/contract';
import { Fragment, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { type MenuItem, menuItems } from '../app/menu.ts';
import { sidebarFilters, sidebarImageUrl } from '../lib/layout-options.ts';
import { session, useSession } from '../lib/session.ts';
import { type UiSettings, useUiSettings } from '../lib/settings.ts';
import { sidebarLabelLength, truncate } from '../lib/text.ts';
import { layout } from '../lib/theme.ts';

export const sidebarId = 'app-sidebar';

// The temporary drawer (Modal, transitions) is only needed on narrow screens.
const MobileDrawer = lazy(() => import('./mobile-drawer.tsx'));

/** The customizer's background image under its overlay filter; dark enough for white text (WCAG AA). */
function imageSurface(settings: UiSettings) {
  if (!settings.backgroundImage) return {};
  const overlay = sidebarFilters[settings.sidebarFilter];
  return {
    minHeight: '100%',
    color: '#fff',
    backgroundColor: '#101214',
    backgroundImage: `linear-gradient(${overlay}, ${overlay}), url(${sidebarImageUrl(settings.sidebarImage)})`,
    '& .MuiListSubheader-root': { color: 'rgba(255, 255, 255, 0.88)' },
    '& .Mui-selected': { backgroundColor: 'rgba(255, 255, 255, 0.16)' },
    '& .MuiListItemButton-root:hover': { backgroundColor: 'rgba(255, 255, 255, 0.12)' },
  } as const;
}

export function visibleMenuItems(items: MenuItem[], user: SessionUser | null): MenuItem[] {
  return items.filter(
    (item) =>
      (!item.requiresAuth || user) && (!item.permission || user?.permissions.includes(item.permission)),
  );
}

interface SidebarProps {
  mobile: boolean;
  mobileOpen: boolean;
  collapsed: boolean;
  onClose: () => void;
}

/** The main menu: labels cut at 18 characters; items needing login are hidden and ignored without a user. */
export function Sidebar({ mobile, mobileOpen, collapsed, onClose }: SidebarProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const location = useLocation();
  const settings = useUiSettings();
  const mini = !mobile && collapsed;
  const width = mini ? layout.miniSidebarWidth : layout.sidebarWidth;
  const items = visibleMenuItems(menuItems, user);
  const sections = [...new Set(items.map((item) => item.section))];

  const content = (
    <Box
      component="nav"
      aria-label={t('app.mainNavigation')}
      id={sidebarId}
      data-sidebar-image={settings.backgroundImage ? settings.sidebarImage : undefined}
      sx={imageSurface(settings)}
    >
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
    </Box>
  );

  if (mobile) {
    return mobileOpen ? (
      <Suspense fallback={null}>
        <MobileDrawer open={mobileOpen} onClose={onClose}>
          {content}
        </MobileDrawer>
      </Suspense>
    ) : null;
  }
  return (
    <Box
      sx={{
        width,
        flexShrink: 0,
        transition: 'width 150ms',
        position: 'sticky',
        top: 0,
        height: '100vh',
        overflowX: 'hidden',
        overflowY: 'auto',
        bgcolor: 'background.paper',
        borderRight: 1,
        borderColor: 'divider',
      }}
    >
      {content}
    </Box>
  );
}
