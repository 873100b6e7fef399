import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { sidebarId } from '../config/sidebar-id.ts';
import { sidebarFilters, sidebarImageUrl } from '../lib/layout-options.ts';
import { type UiSettings, useUiSettings } from '../lib/settings.ts';
import { layout } from '../lib/theme.ts';

// The temporary drawer (Modal, transitions) is only needed on narrow screens.
const MobileDrawer = lazy(() => import('./mobile-drawer.tsx'));
// The menu's items (icons, list components) are not part of the first load (Home's first paint on phones has
// no sidebar): their chunk, shared with the header's buttons (vite.config.ts), is asked for as the app starts.
const sidebarMenu = import('./sidebar-menu.tsx');
const SidebarMenu = lazy(() => sidebarMenu);

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

interface SidebarProps {
  mobile: boolean;
  mobileOpen: boolean;
  collapsed: boolean;
  onClose: () => void;
}

/** The sidebar: a column beside the content on wide screens, a temporary drawer on narrow ones. */
export function Sidebar({ mobile, mobileOpen, collapsed, onClose }: SidebarProps) {
  const { t } = useTranslation();
  const settings = useUiSettings();
  const mini = !mobile && collapsed;
  const width = mini ? layout.miniSidebarWidth : layout.sidebarWidth;
  // Until the items are there, the nav keeps its place (nothing moves when they arrive).
  const content = (
    <Box
      component="nav"
      aria-label={t('app.mainNavigation')}
      id={sidebarId}
      data-sidebar-image={settings.backgroundImage ? settings.sidebarImage : undefined}
      sx={imageSurface(settings)}
    >
      <Suspense fallback={<Toolbar />}>
        <SidebarMenu mobile={mobile} mini={mini} onClose={onClose} />
      </Suspense>
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
