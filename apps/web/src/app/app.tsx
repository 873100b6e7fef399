import { RouterProvider } from 'react-router/dom';
import { ConnectionStatus } from '../components/connection-status.tsx';
import { NotificationCenter } from '../components/notification-center.tsx';
import { ShellSlotsProvider } from '../components/shell-slots.tsx';
import { HeldErrorButton } from '../features/layout-extras/error-report/held-error-button.tsx';
import { AppProviders } from './providers.tsx';
import type { AppRouter } from './router.tsx';
import { shellSlots } from './shell-slots.tsx';

export function App({ router }: { router: AppRouter }) {
  return (
    <AppProviders>
      <ShellSlotsProvider value={shellSlots}>
        <RouterProvider router={router} />
        <NotificationCenter />
        <HeldErrorButton />
        <ConnectionStatus />
      </ShellSlotsProvider>
    </AppProviders>
  );
}
