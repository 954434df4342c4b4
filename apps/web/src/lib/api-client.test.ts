import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/testing/fetch-mock';
import { demoToken, storeSession } from '@/testing/fixtures';
import { ApiError, api, holdRequests, loginPathFor, setUnauthorizedHandler } from './api-client';

describe('api client', () => {
  it('sends same-origin JSON with the headers the API expects', async () => {
    const server = mockFetch().on(
      'POST',
      '/api/quiz/check-answer',
      json(200, { is_correct: true }),
    );

    const result = await api.post('/api/quiz/check-answer', {
      question_id: 3,
      mode: 'qcm_2',
      answer: 1,
    });

    expect(result).toEqual({ is_correct: true });
    const call = server.calls[0];
    expect(call?.url).toBe('/api/quiz/check-answer');
    expect(call?.init.credentials).toBe('include');
    expect(call?.headers.get('Accept')).toBe('application/json');
    expect(call?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(call?.headers.get('Content-Type')).toBe('application/json');
    expect(call?.headers.get('Authorization')).toBeNull();
    expect(call?.body).toEqual({ question_id: 3, mode: 'qcm_2', answer: 1 });
  });

  it('sends the bearer token of the session', async () => {
    storeSession();
    const server = mockFetch().on('GET', '/api/user/stats', json(200, { points: 1 }));

    await api.get('/api/user/stats');

    expect(server.calls[0]?.headers.get('Authorization')).toBe(`Bearer ${demoToken}`);
  });

  it('holds calls made while held until released, then sends them, and later ones at once', async () => {
    const server = mockFetch()
      .on('GET', '/api/user', json(200, { id: 1 }))
      .on('GET', '/api/splits', json(200, { data: [] }));
    const release = holdRequests();

    const user = api.get('/api/user');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.calls).toHaveLength(0);

    release();
    await expect(user).resolves.toEqual({ id: 1 });
    release();
    await expect(api.get('/api/splits')).resolves.toEqual({ data: [] });
    expect(server.calls.map((call) => call.url)).toEqual(['/api/user', '/api/splits']);
  });

  it('adds query parameters', async () => {
    const server = mockFetch().on('GET', '/api/quiz/generate', json(200, {}));

    await api.get('/api/quiz/generate', { query: { difficulty: 'easy', category_id: undefined } });

    expect(server.calls[0]?.url).toBe('/api/quiz/generate?difficulty=easy');
  });

  it('returns undefined for 204', async () => {
    mockFetch().on('POST', '/api/logout', json(204));
    await expect(api.post('/api/logout')).resolves.toBeUndefined();
  });

  it('throws an ApiError with the status, message, field errors and body', async () => {
    const body = { message: 'The given data was invalid.', errors: { email: ['Bad email.'] } };
    mockFetch().on('PUT', '/api/user', json(422, body));

    const error = await api.put('/api/user', {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: body.message, errors: body.errors, body });
  });

  it('throws status 0 and no body when the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );

    const error = (await api.get('/api/users').catch((e: unknown) => e)) as ApiError;

    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.body).toBeUndefined();
    expect(error.isNetworkError).toBe(true);
  });

  it('on a 401 to an authenticated call, clears the session and asks to log in', async () => {
    storeSession();
    window.localStorage.setItem('completedTrainings', '["/training/history"]');
    mockFetch().on('GET', '/api/duels', json(401, { message: 'Unauthenticated.' }));
    const onUnauthorized = vi.fn();
    const onAuthChange = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    window.addEventListener('auth-change', onAuthChange);

    const error = await api.get('/api/duels').catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 401, message: 'Unauthenticated.' });
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(window.localStorage.getItem('completedTrainings')).toBeNull();
    expect(onAuthChange).toHaveBeenCalledOnce();
    expect(onUnauthorized).toHaveBeenCalledOnce();
    window.removeEventListener('auth-change', onAuthChange);
  });

  it('leaves things alone on a 401 to a call made without a token', async () => {
    mockFetch().on('POST', '/api/login', json(401, { message: 'Invalid email or password' }));
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);

    await expect(api.post('/api/login', {})).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('builds the login path with the page to come back to', () => {
    expect(loginPathFor('/quiz/start?category=2')).toBe(
      '/login?redirect=%2Fquiz%2Fstart%3Fcategory%3D2',
    );
    expect(loginPathFor('/login?redirect=%2F')).toBe('/login');
  });
});
