import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StatementClock, reusingStatements } from './sqlite-statements';

let plain: SQLite.Database;
let reusing: SQLite.Database;

beforeEach(() => {
  plain = new SQLite(':memory:');
  reusing = reusingStatements(new SQLite(':memory:'));
  for (const db of [plain, reusing]) {
    db.exec(`create table watches (id integer primary key, name text, price real, photo blob,
      stock integer);
      insert into watches (name, price, photo, stock) values
        ('Calibre 1', 12500.5, x'cafe', 3), ('Tourbillon', 98000, null, 0), ('Chrono', 7300, null, null)`);
  }
});
afterEach(() => {
  plain.close();
  reusing.close();
});

/** The same query on a connection as better-sqlite3 makes it and on one that reuses statements. */
function both(source: string, run: (statement: SQLite.Statement) => unknown) {
  return { expected: run(plain.prepare(source)), actual: run(reusing.prepare(source)) };
}

describe('statements kept for reuse', () => {
  it('read the same rows as better-sqlite3 makes, every kind of value included', () => {
    const { expected, actual } = both('select * from watches order by id', (s) => s.all());
    expect(actual).toEqual(expected);
    expect((actual as { photo: unknown }[])[0]!.photo).toEqual(Buffer.from([0xca, 0xfe]));
    expect(Object.getPrototypeOf((actual as object[])[0])).toBe(Object.prototype);
  });

  it('read one row with get, and none past the last', () => {
    for (const id of [2, 9]) {
      const { expected, actual } = both('select name, stock from watches where id = ?', (s) =>
        s.get(id),
      );
      expect(actual).toEqual(expected);
    }
  });

  it('read rows one by one with iterate, and can stop early', () => {
    const { expected, actual } = both('select id, name from watches order by id', (s) => {
      const rows = [];
      for (const row of s.iterate()) {
        rows.push(row);
        if (rows.length === 2) break;
      }
      return rows;
    });
    expect(actual).toEqual(expected);
    // The statement stopped early is free to run again.
    expect(reusing.prepare('select id, name from watches order by id').all()).toHaveLength(3);
  });

  it('keep the last of two columns of the same name, and one named __proto__ as a field', () => {
    const source = `select name, stock as name, id as "__proto__", 'x' as "a""b" from watches where id = 1`;
    // better-sqlite3 hands a column named __proto__ to the prototype's setter; here it is a field.
    const row = reusing.prepare(source).get() as object;
    expect(Object.entries(row)).toEqual([
      ['name', 3],
      ['__proto__', 1],
      ['a"b', 'x'],
    ]);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
  });

  it('read what a change returns, and change rows as before', () => {
    const { expected, actual } = both(
      'update watches set stock = stock + 1 where stock is not null returning id, stock',
      (s) => s.all(),
    );
    expect(actual).toEqual(expected);
    const insert = both('insert into watches (name) values (?)', (s) => s.run('Perpétuel'));
    expect(insert.actual).toEqual(insert.expected);
  });

  it('are prepared once for the same SQL', () => {
    const source = 'select id from watches where id = ?';
    expect(reusing.prepare(source)).toBe(reusing.prepare(source));
  });

  it('name the columns of the schema after a change to it', () => {
    const source = 'select * from watches where id = 1';
    expect(reusing.prepare(source).get()).not.toHaveProperty('reference');
    reusing.prepare('alter table watches add column reference text').run();
    expect(reusing.prepare(source).get()).toHaveProperty('reference', null);
    reusing.exec('alter table watches rename column name to model');
    expect(reusing.prepare(source).get()).toMatchObject({ id: 1, model: 'Calibre 1' });
  });

  it('name the columns again when another connection changed the schema', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'statements-')), 'app.db');
    const mine = reusingStatements(new SQLite(file));
    const other = new SQLite(file);
    try {
      mine.exec(
        "create table watches (id integer primary key, name text); insert into watches (name) values ('Chrono')",
      );
      const source = 'select * from watches';
      expect(mine.prepare(source).all()).toEqual([{ id: 1, name: 'Chrono' }]);

      other.exec('alter table watches add column reference text');

      expect(mine.prepare(source).all()).toEqual([{ id: 1, name: 'Chrono', reference: null }]);
    } finally {
      mine.close();
      other.close();
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });
});

describe('the statement clock', () => {
  it('counts each run, get and all, with the time SQLite took, and answers as before', () => {
    const clock = new StatementClock();
    const timed = reusingStatements(new SQLite(':memory:'), clock);
    try {
      timed.exec('create table watches (id integer primary key, name text)');
      expect(clock.statements).toBe(0);
      timed.prepare('insert into watches (name) values (?)').run('Chrono');
      expect(timed.prepare('select name from watches where id = ?').get(1)).toEqual({
        name: 'Chrono',
      });
      // Enough work that SQLite's share can be told from none.
      const counted = timed
        .prepare(
          'with recursive n(i) as (select 1 union all select i + 1 from n where i < 200000) select count(*) as c from n',
        )
        .all();
      expect(counted).toEqual([{ c: 200000 }]);
      expect(clock.statements).toBe(3);
      expect(clock.seconds).toBeGreaterThan(0);

      const before = clock.seconds;
      expect(() =>
        timed.prepare('insert into watches (id, name) values (?, ?)').run(1, 'Again'),
      ).toThrow(/UNIQUE/);
      expect(clock.statements).toBe(4);
      expect(clock.seconds).toBeGreaterThanOrEqual(before);
    } finally {
      timed.close();
    }
  });
});
