import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, type InitialEntry } from 'react-router';
import { AppProvider } from '@/app/providers';
import { routes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';

/**
 * Renders the whole app (providers, layout, routes) at `path` (with a state, if given), in memory,
 * under StrictMode as every test render is (`setup.ts`).
 */
export function renderApp(path: InitialEntry) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const user = userEvent.setup();
  const view = render(<AppProvider router={router} queryClient={queryClient} />);
  const location = () => router.state.location;
  return { ...view, router, queryClient, user, location };
}

/** Makes `matchMedia` answer as a phone (≤ 768 px) or a desktop would. */
export function setViewport(kind: 'narrow' | 'wide') {
  const matches = (query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    return kind === 'narrow' ? !!max : !max;
  };
  window.matchMedia = ((query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}
