import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startLoginShell } from '@/app/login-shell';
import { json, mockFetch } from './fetch-mock';
import { demoToken, demoUser } from './fixtures';

let stop: (() => void) | undefined;

/** Draws /login as its own entry does (decision 0030), at `url`, in a page of its own. */
export function openLoginShell(url: string) {
  window.history.replaceState(null, '', url);
  const container = document.body.appendChild(document.createElement('div'));
  act(() => {
    stop = startLoginShell(container);
  });
  return userEvent.setup();
}

/** Takes down what `openLoginShell` drew, for the next test (`afterEach`). */
export function closeLoginShell() {
  act(() => stop?.());
  stop = undefined;
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
}

/**
 * /login drawn at `url` by its own entry, with a server that signs demo@example.com in, and its
 * form filled and sent as the demo user would.
 */
export async function signInFromLoginShell(url: string) {
  const server = mockFetch()
    .on('GET', '/sanctum/csrf-cookie', json(204))
    .on('POST', '/api/login', json(200, { user: demoUser, token: demoToken }));
  const user = openLoginShell(url);
  await user.type(await screen.findByLabelText('Email'), 'demo@example.com');
  await user.type(screen.getByLabelText('Password'), 'demo1234');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return { server, user };
}
