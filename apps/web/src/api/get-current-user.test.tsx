import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { deferred, json, mockFetch } from '@/testing/fetch-mock';
import { demoUser, storeSession } from '@/testing/fixtures';
import { useCurrentUser } from './get-current-user';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** A component that shows the user's first name and counts its renders. */
function renderCountingUser() {
  let renders = 0;
  function FirstName() {
    renders += 1;
    const { user } = useCurrentUser();
    return <p>{user?.first_name ?? 'nobody'}</p>;
  }
  // Outside StrictMode, which renders twice on purpose: each render counted is one React made.
  render(
    <QueryClientProvider client={createQueryClient()}>
      <FirstName />
    </QueryClientProvider>,
    { reactStrictMode: false },
  );
  return { renders: () => renders };
}

describe('useCurrentUser', () => {
  it('shows the stored user at once and renders again only when the server’s user differs', async () => {
    storeSession();
    const fetched = deferred<Response>();
    const api = mockFetch().on('GET', '/api/user', () => fetched.promise);
    const { renders } = renderCountingUser();
    expect(screen.getByText(demoUser.first_name)).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET', '/api/user')).toHaveLength(1));
    // Fetched again and found the same: nothing the component shows changed, so no render.
    fetched.resolve(json(200, demoUser));
    await waitFor(() => expect(api.fetch).toHaveResolved());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(renders()).toBe(1);
  });

  it('renders the user the server answers when it changed since sign-in', async () => {
    storeSession();
    mockFetch().on('GET', '/api/user', json(200, { ...demoUser, first_name: 'Renamed' }));
    renderCountingUser();
    expect(await screen.findByText('Renamed')).toBeTruthy();
  });
});
