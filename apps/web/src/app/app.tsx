import { RouterProvider } from 'react-router/dom';
import { HeldErrorButton } from '../components/held-error-button.tsx';
import { NotificationCenter } from '../components/notification-center.tsx';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';

const router = createAppRouter();

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
      <NotificationCenter />
      <HeldErrorButton />
    </AppProviders>
  );
}
