import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import { useRef } from 'react';
import { Outlet } from 'react-router';
import { AppFooter } from './app-footer.tsx';
import { AppHeader } from './app-header.tsx';
import { mainContentId, useDocumentTitle, useNavigationReset, useSiteGroupErrors } from './layout-effects.ts';
import { SkipLink } from './skip-link.tsx';

/** The account pages: header without sidebar, one centred card, footer. */
export function AccountLayout() {
  const main = useRef<HTMLElement>(null);
  useDocumentTitle();
  useNavigationReset(main);
  useSiteGroupErrors();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink target={mainContentId} />
      <AppHeader />
      <Toolbar />
      <Container
        component="main"
        id={mainContentId}
        ref={main}
        tabIndex={-1}
        maxWidth="md"
        sx={{ flexGrow: 1, py: { xs: 2, sm: 4 }, outline: 'none' }}
      >
        <Outlet />
      </Container>
      <AppFooter />
    </Box>
  );
}
