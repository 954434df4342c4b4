import { executionAsyncResource } from 'node:async_hooks';

let kept: object | undefined;

/**
 * Keeps one of Node's `process.nextTick` entries alive for the life of the process, so that every
 * entry made after it keeps the same hidden class (docs/decisions/0051).
 *
 * Node makes each entry with an object literal whose first keys are computed (two symbols). V8
 * starts such a literal from a shape it caches weakly; once no entry is alive, a full garbage
 * collection drops that shape and the next entry starts from a new one. After a few collections
 * V8 gives up on the shapes it has seen, and from then on every entry (about a dozen a request:
 * the request's stream, the socket's writes) adds its keys through the runtime's slow path: a
 * fifth of the instructions of a simple request, in the processes where it happened. An entry
 * kept alive holds its shape, and through it the shape it started from.
 *
 * Called first thing at start: resolves with the entry kept (the resource the callback runs in).
 */
export function keepTickShape(): Promise<object> {
  return new Promise((resolve) => {
    process.nextTick(() => {
      kept ??= executionAsyncResource();
      resolve(kept);
    });
  });
}
