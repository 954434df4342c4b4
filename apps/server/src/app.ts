import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { pino } from 'pino';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { trustProxyOption, type Config } from './config';
import type { Db } from './db/database';
import { lazyLogger } from './lib/request-logger';
import { requestValidator } from './lib/request-validator';
import { responseSerializer } from './lib/serializer';
import authPlugin from './plugins/auth';
import compressionPlugin from './plugins/compression';
import securityHeadersPlugin from './plugins/security-headers';
import shutdownPlugin from './plugins/shutdown';
import dbPlugin from './plugins/db';
import heldReadsPlugin from './plugins/held-reads';
import docsPlugin from './plugins/docs';
import errorsPlugin from './plugins/errors';
import rateLimitPlugin from './plugins/rate-limit';
import throttlePlugin from './plugins/throttle';
import redisPlugin from './plugins/redis';
import metricsPlugin from './plugins/metrics';
import rankingPlugin from './plugins/ranking';
import webPlugin from './plugins/web';
import authRoutes from './modules/auth/auth.routes';
import healthRoutes from './modules/health/health.routes';
import userRoutes from './modules/user/user.routes';
import quizRoutes from './modules/quiz/quiz.routes';
import trainingRoutes from './modules/training/training.routes';
import dailyRoutes from './modules/daily/daily.routes';
import statsRoutes from './modules/stats/stats.routes';
import rankingRoutes from './modules/ranking/ranking.routes';
import duelRoutes from './modules/duel/duel.routes';
import storeRoutes from './modules/store/store.routes';
import titleRoutes from './modules/title/title.routes';
import badgeRoutes from './modules/badge/badge.routes';
import profilePictureRoutes from './modules/user/profile-picture.routes';

export const BODY_LIMIT_BYTES = 1024 * 1024;
const REQUEST_ID = /^[\w.:-]{1,128}$/;
/** Never written to the log: a bearer token is a password. */
const REDACTED = ['req.headers.authorization'];

/**
 * New request ids: a random prefix drawn when the app starts, then the count of its requests, so
 * that no two instances, nor two starts of one, give the same id. A correlation id, not a secret:
 * a count costs a request a fraction of a random UUID and its 36 characters in every header.
 */
function requestIds(): () => string {
  const prefix = randomBytes(9).toString('base64url');
  let count = 0;
  return () => `${prefix}.${(++count).toString(36)}`;
}

export type AppOptions = {
  config: Config;
  db: Db;
  /** Whether closing the app closes the database too (tests keep it to inspect it). */
  closeDb?: boolean;
  logger?: boolean;
};

/** External plugins, then the app's own plugins, then the routes of each module. */
export async function buildApp({
  config,
  db,
  closeDb = true,
  logger = true,
}: AppOptions): Promise<FastifyInstance> {
  const newRequestId = requestIds();
  const app = Fastify({
    ...(logger
      ? { loggerInstance: lazyLogger(pino({ level: config.logLevel, redact: REDACTED })) }
      : { logger: false }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    // Requests that arrive while the app closes get plugins/shutdown.ts's answer instead.
    return503OnClosing: false,
    // The proxy's request id when it sends a plausible one, else a new one: in every log line and response.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : newRequestId();
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(requestValidator);
  app.setSerializerCompiler(responseSerializer(config.env === 'test'));
  // The API speaks JSON (and multipart where a route registers it): plain text gets a 415.
  app.removeContentTypeParser('text/plain');

  await app.register(securityHeadersPlugin);
  await app.register(shutdownPlugin);
  await app.register(dbPlugin, { db, config, closeDb });
  await app.register(errorsPlugin);
  await app.register(redisPlugin);
  await app.register(metricsPlugin);
  await app.register(throttlePlugin);
  await app.register(heldReadsPlugin);
  await app.register(authPlugin);
  await app.register(rateLimitPlugin);
  await app.register(rankingPlugin);
  await app.register(docsPlugin);

  // The API's routes, in a scope of their own: answers above 1 KiB go compressed, as the client
  // accepts. The web build's files go as the copies the build compressed (plugins/web.ts).
  await app.register(async (api) => {
    await api.register(compressionPlugin);
    await api.register(healthRoutes);
    await api.register(authRoutes);
    await api.register(userRoutes);
    await api.register(quizRoutes);
    await api.register(trainingRoutes);
    await api.register(dailyRoutes);
    await api.register(statsRoutes);
    await api.register(rankingRoutes);
    await api.register(duelRoutes);
    await api.register(storeRoutes);
    await api.register(titleRoutes);
    await api.register(badgeRoutes);
    await api.register(profilePictureRoutes);
  });

  await app.register(webPlugin);
  return app;
}
