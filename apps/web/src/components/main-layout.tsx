import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigation } from 'react-router';
import { heldError } from '../lib/held-error.ts';
import { uiSettings, useUiSettings } from '../lib/settings.ts';
import { layout } from '../lib/theme.ts';
import { useGuidedTourShown } from '../lib/tour.ts';
import { AppFooter } from './app-footer.tsx';
import { AppHeader } from './app-header.tsx';
import {
  mainContentId,
  useDocumentTitle,
  useIdleLock,
  useNavigationReset,
  useSiteGroupErrors,
} from './layout-effects.ts';
import { LoadingOverlay, mainLayoutLoadingDelay } from './loading-overlay.tsx';
import { useShellSlots } from './shell-slots.tsx';
import { Sidebar } from './sidebar.tsx';
import { SkipLink } from './skip-link.tsx';

/** Header, sidebar, content and footer of every product screen. */
export function MainLayout() {
  const { t, i18n } = useTranslation();
  const settings = useUiSettings();
  const mobile = useMediaQuery(`(max-width:${layout.mobileBreakpoint - 0.02}px)`, { noSsr: true });
  const [mobileOpen, setMobileOpen] = useState(false);
  const navigation = useNavigation();
  const main = useRef<HTMLElement>(null);
  useDocumentTitle();
  useNavigationReset(main);
  useSiteGroupErrors();
  useIdleLock();
  const tourShown = useGuidedTourShown();
  // The app shell's parts of features (app/shell-slots.tsx), lazy where they are not needed at once.
  const {
    layoutAddons: LayoutAddons,
    contentBanner: ContentBanner,
    routeAnimation: RouteAnimation,
    guidedTour: GuidedTour,
  } = useShellSlots();
  // The specification: the main layout clears any stored error message when it mounts (not one its own
  // screens hold while mounting, which is newer).
  const [mountedAt] = useState(() => performance.now());
  useEffect(() => heldError.clearHeldBefore(mountedAt), [mountedAt]);
  // The look of this layout for the server's first paint of the next visit (shell-look.ts), once painted and
  // after the providers have set the direction; not part of the first load. Failing only costs that paint.
  // biome-ignore lint/correctness/useExhaustiveDependencies: any setting or the language may change the look
  useEffect(() => {
    const sideWidth = settings.collapseSidebar ? layout.miniSidebarWidth : layout.sidebarWidth;
    const timer = window.setTimeout(() => {
      import('../lib/shell-look.ts').then(
        (module) => module.rememberShellLook(sideWidth),
        () => undefined,
      );
    }, 500);
    return () => window.clearTimeout(timer);
  }, [settings, i18n.language]);

  const toggle = () => {
    if (mobile) setMobileOpen((open) => !open);
    else uiSettings.update({ collapseSidebar: !settings.collapseSidebar });
  };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink target={mainContentId} />
      <AppHeader onToggleSidebar={toggle} sidebarOpen={mobile ? mobileOpen : !settings.collapseSidebar} />
      <Sidebar
        mobile={mobile}
        mobileOpen={mobileOpen}
        collapsed={settings.collapseSidebar}
        onClose={() => setMobileOpen(false)}
      />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        {navigation.state === 'loading' && (
          <Box
            role="progressbar"
            aria-label={t('app.loading')}
            sx={{
              position: 'fixed',
              top: 0,
              left: 0,
              right: 0,
              height: 3,
              zIndex: (theme) => theme.zIndex.appBar + 1,
              bgcolor: 'secondary.main',
              transformOrigin: 'left',
              animation: 'navigation-progress 1.2s ease-in-out infinite',
              '@keyframes navigation-progress': {
                from: { transform: 'scaleX(0)' },
                to: { transform: 'scaleX(1)' },
              },
            }}
          />
        )}
        <Box
          component="main"
          id={mainContentId}
          ref={main}
          tabIndex={-1}
          // At least a screen tall, so the footer starts below the fold and content arriving later does not
          // push it around (layout shift).
          sx={{
            flexGrow: 1,
            p: { xs: 2, md: 3 },
            outline: 'none',
            maxWidth: 1200,
            width: '100%',
            minHeight: '100vh',
          }}
        >
          {ContentBanner && <ContentBanner />}
          <Outlet />
        </Box>
        <AppFooter />
      </Box>
      <LoadingOverlay delay={mainLayoutLoadingDelay} />
      {LayoutAddons && <LayoutAddons />}
      {RouteAnimation && (
        <Suspense fallback={null}>
          <RouteAnimation target={main} />
        </Suspense>
      )}
      {tourShown && GuidedTour && (
        <Suspense fallback={null}>
          <GuidedTour />
        </Suspense>
      )}
    </Box>
  );
}
