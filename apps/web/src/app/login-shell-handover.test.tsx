import { screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { deferred } from '@/testing/fetch-mock';
import { closeLoginShell, signInFromLoginShell } from '@/testing/login-shell';

/** The app's code, held back as on a slow network until the test lets it come. */
const appCode = deferred<void>();
vi.mock('./providers', async (importOriginal) => {
  await appCode.promise;
  return importOriginal();
});

afterEach(closeLoginShell);

it('stays busy after a login until the app is there, and signs in once however often pressed', async () => {
  const { server, user } = await signInFromLoginShell('/login');
  await vi.waitFor(() => expect(server.callsTo('POST', '/api/login')).toHaveLength(1));

  // Signed in, the app's code still on its way: the form waits, and a second press does nothing.
  const submit = await screen.findByRole('button', { name: /logging in/i });
  expect(submit.hasAttribute('disabled')).toBe(true);
  await user.keyboard('{Enter}');
  expect(server.callsTo('POST', '/api/login')).toHaveLength(1);
  expect(window.location.pathname).toBe('/login');

  appCode.resolve();
  expect(await screen.findByRole('heading', { level: 1, name: /^Welcome, / })).toBeTruthy();
  expect(window.location.pathname).toBe('/');
  expect(server.callsTo('POST', '/api/login')).toHaveLength(1);
});
