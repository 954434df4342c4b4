import { describe, expect, it } from 'vitest';
import { Semaphore } from './semaphore';

describe('Semaphore', () => {
  it('runs at most its limit of tasks at once, and every task in the end', async () => {
    const semaphore = new Semaphore(2);
    let running = 0;
    let most = 0;
    const done: number[] = [];
    const task = (n: number) => async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      done.push(n);
      return n;
    };
    const results = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((n) => semaphore.run(task(n))));
    expect(results).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(2);
    expect(done).toHaveLength(7);
  });

  it('frees the slot of a task that fails', async () => {
    const semaphore = new Semaphore(1);
    await expect(semaphore.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(semaphore.run(async () => 'next')).resolves.toBe('next');
  });

  it('serves waiting tasks in the order they came', async () => {
    const semaphore = new Semaphore(1);
    const order: number[] = [];
    await Promise.all(
      [1, 2, 3].map((n) =>
        semaphore.run(async () => {
          await Promise.resolve();
          order.push(n);
        }),
      ),
    );
    expect(order).toEqual([1, 2, 3]);
  });
});
