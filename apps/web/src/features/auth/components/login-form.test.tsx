import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { currentUserQueryKey } from '@/api/get-current-user';
import { deferred, json, mockFetch } from '@/testing/fetch-mock';
import { demoToken, demoUser } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

async function openLogin(path = '/login') {
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Welcome to the Academy' });
  return {
    ...app,
    email: () => screen.getByLabelText('Email'),
    password: () => screen.getByLabelText('Password'),
    submit: () => screen.getByRole('button', { name: /log in|logging in/i }),
  };
}

async function fillAndSubmit(app: Awaited<ReturnType<typeof openLogin>>) {
  await app.user.type(app.email(), 'demo@example.com');
  await app.user.type(app.password(), 'demo1234');
  await app.user.click(app.submit());
}

describe('login form: validation (SPEC.md section 5)', () => {
  it('requires the email and the password, without calling the server', async () => {
    const server = mockFetch();
    const app = await openLogin();

    await app.user.click(app.submit());

    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(app.email().getAttribute('aria-invalid')).toBe('true');
    expect(app.password().getAttribute('aria-invalid')).toBe('true');
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('links each error to its field and announces it', async () => {
    mockFetch();
    const app = await openLogin();

    await app.user.click(app.submit());

    const error = await screen.findByText('Email is required');
    expect(error.getAttribute('role')).toBe('alert');
    expect(app.email().getAttribute('aria-describedby')).toContain(error.id);
  });

  it('asks for an @ in the email on submit', async () => {
    const server = mockFetch();
    const app = await openLogin();

    await app.user.type(app.email(), 'demo.example.com');
    await app.user.type(app.password(), 'demo1234');
    await app.user.click(app.submit());

    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('checks the email again 1 second after typing stops', async () => {
    mockFetch();
    const app = await openLogin();
    // Only the debounce's clock is faked. Keystrokes are fired directly: user-event waits on
    // timers of its own, which a fake clock would stop.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const typeEmail = (value: string) => fireEvent.change(app.email(), { target: { value } });
    const wait = (ms: number) => act(async () => void vi.advanceTimersByTime(ms));

    typeEmail('demo');
    await wait(600);
    typeEmail('demo.example');
    // 999 ms after the last key: still quiet.
    await wait(999);
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();

    await wait(1);
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(app.email().getAttribute('aria-invalid')).toBe('true');

    // Typing again hides it at once; a valid address stays quiet after the delay.
    typeEmail('demo@example.com');
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    await wait(1000);
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    expect(app.email().getAttribute('aria-invalid')).toBeNull();

    // Emptied, the field says so after the same delay.
    typeEmail('');
    await wait(1000);
    expect(screen.getByText('Email is required')).toBeTruthy();
  });

  it('clears an error as soon as its field changes', async () => {
    mockFetch();
    const app = await openLogin();
    await app.user.click(app.submit());
    await screen.findByText('Email is required');

    await app.user.type(app.email(), 'd');
    expect(screen.queryByText('Email is required')).toBeNull();
    expect(screen.getByText('Password is required')).toBeTruthy();

    await app.user.type(app.password(), 'x');
    expect(screen.queryByText('Password is required')).toBeNull();
  });
});

describe('login form: submission', () => {
  it('asks for the CSRF cookie, then posts the credentials', async () => {
    const server = mockFetch()
      .on('GET', '/sanctum/csrf-cookie', json(204))
      .on('POST', '/api/login', json(200, { user: demoUser, token: demoToken }))
      .on('GET', '/api/user', json(200, demoUser));
    const app = await openLogin();

    await fillAndSubmit(app);

    await waitFor(() => expect(server.callsTo('POST', '/api/login')).toHaveLength(1));
    const urls = server.calls.map((c) => `${c.method} ${c.url}`);
    expect(urls.indexOf('GET /sanctum/csrf-cookie')).toBeLessThan(urls.indexOf('POST /api/login'));
    expect(server.callsTo('POST', '/api/login')[0]?.body).toEqual({
      email: 'demo@example.com',
      password: 'demo1234',
    });
  });

  it('shows the signed-in user at once, before GET /api/user answers', async () => {
    mockFetch()
      .on('GET', '/sanctum/csrf-cookie', json(204))
      .on('POST', '/api/login', json(200, { user: demoUser, token: demoToken }))
      .on('GET', '/api/user', () => deferred<Response>().promise);
    const app = await openLogin();

    await fillAndSubmit(app);

    await waitFor(() => expect(app.location().pathname).toBe('/'));
    expect(app.queryClient.getQueryData(currentUserQueryKey)).toMatchObject(demoUser);
  });

  it('logs in even when the CSRF cookie call fails', async () => {
    mockFetch()
      .on('GET', '/sanctum/csrf-cookie', () => Promise.reject(new TypeError('Failed to fetch')))
      .on('POST', '/api/login', json(200, { user: demoUser, token: demoToken }))
      .on('GET', '/api/user', json(200, demoUser));
    const app = await openLogin();

    await fillAndSubmit(app);

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Camille' })).toBeTruthy();
  });

  it('blocks a double submit while logging in', async () => {
    const pending = deferred<Response>();
    const server = mockFetch()
      .on('GET', '/sanctum/csrf-cookie', json(204))
      .on('POST', '/api/login', () => pending.promise)
      .on('GET', '/api/user', json(200, demoUser));
    const app = await openLogin();
    await app.user.type(app.email(), 'demo@example.com');
    await app.user.type(app.password(), 'demo1234');

    await app.user.dblClick(app.submit());
    const busy = await screen.findByRole('button', { name: 'Logging in…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await app.user.click(busy);
    await app.user.keyboard('{Enter}');

    expect(server.callsTo('POST', '/api/login')).toHaveLength(1);
    pending.resolve(json(200, { user: demoUser, token: demoToken }));
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Camille' });
    expect(server.callsTo('POST', '/api/login')).toHaveLength(1);
  });

  it('stores the user with its token under "user", broadcasts auth-change and follows the redirect', async () => {
    mockFetch()
      .on('GET', '/sanctum/csrf-cookie', json(204))
      .on('POST', '/api/login', json(200, { user: demoUser, token: demoToken }))
      .on('GET', '/api/user', json(200, demoUser));
    const onAuthChange = vi.fn();
    window.addEventListener('auth-change', onAuthChange);
    const app = await openLogin('/login?redirect=%2Ftraining%3Ftab%3D2');

    await fillAndSubmit(app);

    await screen.findByRole('heading', { level: 1, name: 'Available trainings' });
    expect(app.location().pathname).toBe('/training');
    expect(app.location().search).toBe('?tab=2');
    expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toEqual({
      ...demoUser,
      token: demoToken,
    });
    expect(onAuthChange).toHaveBeenCalled();
    window.removeEventListener('auth-change', onAuthChange);
  });

  it('goes home when the redirect leaves the site', async () => {
    mockFetch()
      .on('GET', '/sanctum/csrf-cookie', json(204))
      .on('POST', '/api/login', json(200, { user: demoUser, token: demoToken }))
      .on('GET', '/api/user', json(200, demoUser));
    const app = await openLogin('/login?redirect=%2F%2Fevil.example%2Fphish');

    await fillAndSubmit(app);

    await screen.findByRole('heading', { level: 1, name: 'Welcome, Camille' });
    expect(app.location().pathname).toBe('/');
  });
});

describe('login form: errors (SPEC.md section 8)', () => {
  async function submitWith(reply: Response | (() => Promise<Response>)) {
    mockFetch().on('GET', '/sanctum/csrf-cookie', json(204)).on('POST', '/api/login', reply);
    const app = await openLogin();
    await fillAndSubmit(app);
    return app;
  }

  it('422: shows the first message of each field under that field', async () => {
    const app = await submitWith(
      json(422, {
        message: 'The given data was invalid.',
        errors: {
          email: ['The email must be a valid email address.', 'A second message.'],
          password: ['The password field is required.'],
        },
      }),
    );

    const emailError = await screen.findByText('The email must be a valid email address.');
    expect(app.email().getAttribute('aria-describedby')).toContain(emailError.id);
    expect(screen.getByText('The password field is required.')).toBeTruthy();
    expect(screen.queryByText('A second message.')).toBeNull();
    expect(screen.queryByText('The given data was invalid.')).toBeNull();
  });

  it('422 without field errors: shows the general message', async () => {
    await submitWith(json(422, { message: 'The given data was invalid.' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The given data was invalid.')).toBeTruthy();
  });

  it("401: 'Invalid email or password'", async () => {
    await submitWith(json(401, { message: 'Something else' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
  });

  it('500 with a message: shows that message', async () => {
    await submitWith(json(500, { message: 'Server Error' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Server Error');
  });

  it("500 without a message: 'An error occurred during login'", async () => {
    await submitWith(json(500));
    expect((await screen.findByRole('alert')).textContent).toBe('An error occurred during login');
  });

  it("no response: 'Unable to connect to the server'", async () => {
    await submitWith(() => Promise.reject(new TypeError('Failed to fetch')));
    expect((await screen.findByRole('alert')).textContent).toBe('Unable to connect to the server');
  });

  it('gives focus back to the submit button after a general error', async () => {
    const app = await submitWith(json(401, { message: 'Invalid email or password' }));
    await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(app.submit()));
  });

  it('leaves focus in a field the user went back to before the next frame', async () => {
    const app = await submitWith(json(401, { message: 'Invalid email or password' }));
    await screen.findByRole('alert');

    app.password().focus();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(document.activeElement).toBe(app.password());
  });

  it('the general error goes away when a field changes, and nothing is stored', async () => {
    const app = await submitWith(json(401, { message: 'Invalid email or password' }));
    await screen.findByRole('alert');
    expect(window.localStorage.getItem('user')).toBeNull();

    await app.user.type(app.password(), '5');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
