import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { lazyLogger } from './request-logger';

/** A Fastify app logging JSON lines at `level` into an array, each request with its own logger. */
async function appLogging(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({
    loggerInstance: lazyLogger(pino({ level }, stream)),
    genReqId: () => 'req-1',
  });
  app.get('/quiet', async (request) => {
    request.log.info('below the level');
    return { ok: true };
  });
  app.get('/loud', { logLevel: 'error' }, async (request) => {
    request.log.warn('below the route’s level');
    request.log.error({ detail: 7 }, 'at the route’s level');
    return { ok: true };
  });
  await app.ready();
  return { app, lines };
}

describe('each request’s logger', () => {
  it('writes the lines at or above the level, with the request id, and none below it', async () => {
    const { app, lines } = await appLogging('warn');
    await app.inject({ url: '/quiet' });
    await app.inject({ url: '/loud' });
    await app.close();
    expect(lines.map((line) => line.msg)).toEqual(['at the route’s level']);
    expect(lines[0]).toMatchObject({ reqId: 'req-1', detail: 7, level: 50 });
  });

  it('writes Fastify’s own request lines at info', async () => {
    const { app, lines } = await appLogging('info');
    await app.inject({ url: '/quiet' });
    await app.close();
    expect(lines.map((line) => line.msg)).toEqual([
      'incoming request',
      'below the level',
      'request completed',
    ]);
    expect(lines.every((line) => line.reqId === 'req-1')).toBe(true);
  });

  it('makes no child logger for a request that writes nothing', () => {
    const parent: FastifyBaseLogger & { child: ReturnType<typeof vi.fn> } = {
      level: 'warn',
      child: vi.fn((): FastifyBaseLogger => parent),
      fatal: vi.fn(),
      error: vi.fn(),
      warn: vi.fn(),
      info: vi.fn(),
      debug: vi.fn(),
      trace: vi.fn(),
      silent: vi.fn(),
    };
    const log = lazyLogger(parent).child({ reqId: 'r' }, {});
    log.info('nothing');
    log.debug('nothing');
    expect(parent.child).not.toHaveBeenCalled();
    expect(log.level).toBe('warn');
    log.warn('something');
    expect(parent.child).toHaveBeenCalledTimes(1);
    expect(parent.child).toHaveBeenCalledWith({ reqId: 'r' }, {});
    expect(parent.warn).toHaveBeenCalledWith('something');
  });

  it('makes a child’s parents when the child first writes, each once, bindings and all', () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
        done();
      },
    });
    const root = pino({ level: 'info' }, stream);
    const child = vi.spyOn(root, 'child');
    const app = lazyLogger(root).child({ plugin: 'quiz' });
    const first = app.child({ reqId: 'a' });
    const second = app.child({ reqId: 'b' }, { level: 'error' });
    first.debug('below the level');
    second.warn('below the route’s level');
    expect(child).not.toHaveBeenCalled();
    first.info('one');
    app.info('two');
    second.error('three');
    expect(lines.map(({ msg, plugin, reqId }) => ({ msg, plugin, reqId }))).toEqual([
      { msg: 'one', plugin: 'quiz', reqId: 'a' },
      { msg: 'two', plugin: 'quiz', reqId: undefined },
      { msg: 'three', plugin: 'quiz', reqId: 'b' },
    ]);
    // Pino's children inherit the spied method: the app's logger once, then each request's.
    expect(child).toHaveBeenCalledTimes(3);
  });
});
