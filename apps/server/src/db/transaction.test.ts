import { describe, expect, it } from 'vitest';
import { createUser, useTestApp } from '../../test/helpers';
import { afterCommit, transact } from './transaction';

const ctx = useTestApp();

const firstNameOf = async (id: number) =>
  (await ctx.db.selectFrom('users').select('first_name').where('id', '=', id).executeTakeFirst())
    ?.first_name;

describe('transact', () => {
  it('tells what follows a commit once the work has committed, before it returns', async () => {
    const user = await createUser(ctx);
    const told: string[] = [];
    await transact(ctx.db, async (trx) => {
      await trx.updateTable('users').set({ first_name: 'Ada' }).where('id', '=', user.id).execute();
      afterCommit(trx, async (db) => {
        told.push(String(await firstNameOf(user.id)));
        expect(db).toBe(ctx.db);
      });
      expect(told).toEqual([]);
    });
    expect(told).toEqual(['Ada']);
  });

  it("joins the caller's transaction: rolled back with it, and told only after its commit", async () => {
    const user = await createUser(ctx, { firstName: 'Grace' });
    const told: string[] = [];
    const rename = (trx: Parameters<Parameters<typeof transact>[1]>[0], name: string) =>
      transact(trx, async (inner) => {
        expect(inner).toBe(trx);
        await inner
          .updateTable('users')
          .set({ first_name: name })
          .where('id', '=', user.id)
          .execute();
        afterCommit(inner, () => void told.push(name));
      });

    await expect(
      transact(ctx.db, async (trx) => {
        await rename(trx, 'Ada');
        throw new Error('the outer work fails');
      }),
    ).rejects.toThrow('the outer work fails');
    expect(await firstNameOf(user.id)).toBe('Grace');
    expect(told).toEqual([]);

    await transact(ctx.db, async (trx) => {
      await rename(trx, 'Ada');
      expect(told).toEqual([]);
    });
    expect(await firstNameOf(user.id)).toBe('Ada');
    expect(told).toEqual(['Ada']);
  });
});
