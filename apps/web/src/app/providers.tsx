import { useEffect, useState } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { loginPathFor, setUnauthorizedHandler } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { createAppRouter } from './router';

type AppRouter = ReturnType<typeof createAppRouter>;

type AppProviderProps = {
  /** Tests pass a memory router and a fresh client; the app creates its own. */
  router?: AppRouter;
  queryClient?: QueryClient;
};

export function AppProvider({ router: givenRouter, queryClient: givenClient }: AppProviderProps) {
  const [queryClient] = useState(() => givenClient ?? createQueryClient());
  const [router] = useState(() => givenRouter ?? createAppRouter());

  useEffect(() => {
    // A 401 on an authenticated call: the session is already cleared; forget its data and go to
    // the login page without reloading the app.
    setUnauthorizedHandler(() => {
      const { pathname, search } = router.state.location;
      queryClient.clear();
      void router.navigate(loginPathFor(`${pathname}${search}`), { replace: true });
    });
    return () => setUnauthorizedHandler(null);
  }, [queryClient, router]);

  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
