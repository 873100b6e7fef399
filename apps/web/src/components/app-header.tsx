import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../config/paths.ts';
import { sidebarId } from '../config/sidebar-id.ts';
import { headerFilters } from '../lib/layout-options.ts';
import { useUiSettings } from '../lib/settings.ts';
import { useSiteGroup } from '../lib/site.ts';

// The language, customizer and user buttons (and the flags, avatar and MUI Button they bring) are not part of
// the first load: their chunk is asked for as the app starts, beside the first screen's, and they show when it
// is there. They sit at the end of the bar, so nothing moves when they arrive.
const headerActions = import('./header-actions.tsx');
const HeaderActions = lazy(() => headerActions);

interface AppHeaderProps {
  onToggleSidebar?: () => void;
  sidebarOpen?: boolean;
}

/** Sidebar toggle, the site's name, the language menu and the user menu. */
export function AppHeader({ onToggleSidebar, sidebarOpen }: AppHeaderProps) {
  const { t } = useTranslation();
  const group = useSiteGroup();
  // The customizer's header filter; `theme` keeps the theme's colour.
  const { headerFilter } = useUiSettings();
  const filter = headerFilters[headerFilter];
  return (
    <AppBar
      position="fixed"
      elevation={1}
      data-header-filter={headerFilter}
      sx={{
        zIndex: (theme) => theme.zIndex.drawer + 1,
        ...(filter ? { backgroundColor: filter, color: '#fff' } : {}),
      }}
    >
      <Toolbar sx={{ gap: 1 }}>
        {onToggleSidebar && (
          <IconButton
            color="inherit"
            edge="start"
            onClick={onToggleSidebar}
            aria-label={t('app.toggleSidebar')}
            aria-controls={sidebarId}
            aria-expanded={sidebarOpen}
            data-testid="sidebar-toggle"
          >
            <MenuIcon />
          </IconButton>
        )}
        <Link
          component={RouterLink}
          to={paths.home}
          color="inherit"
          underline="none"
          noWrap
          sx={{ fontWeight: 600, fontSize: { xs: '1rem', sm: '1.15rem' }, minWidth: 0 }}
          data-testid="site-name"
        >
          {group.data?.name ?? t('app.brand')}
        </Link>
        <Box sx={{ flexGrow: 1 }} />
        <Suspense fallback={null}>
          <HeaderActions />
        </Suspense>
      </Toolbar>
    </AppBar>
  );
}
