import { RouterProvider } from 'react-router/dom';
import { NotificationCenter } from '../components/notification-center.tsx';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';

const router = createAppRouter();

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
      <NotificationCenter />
    </AppProviders>
  );
}
