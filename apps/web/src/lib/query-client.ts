import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { heldError, isUnexpectedFailure } from './held-error.ts';

// A call that failed for a reason the user did not cause is held for the floating error button.
const holdUnexpected = (error: unknown) => {
  if (isUnexpectedFailure(error)) heldError.hold(error);
};

/** The app's one query cache (the providers hand it to React; route loaders may fill it before a screen). */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: holdUnexpected }),
  mutationCache: new MutationCache({ onError: holdUnexpected }),
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});

// The query client hears the browser's online and offline events, but assumes a network until the first one: a
// page opened with none (fair week, decision 29) says so from its start and reads what was kept.
if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
