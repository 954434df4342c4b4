import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { POINTS_BY_MODE, TRAINING_CATEGORIES } from '@app/contract/constants';
import { ROOT_DIR } from '../../config';
import { bearer, createUser, useTestApp } from '../../../test/helpers';
import { importContent, loadContent } from './content.service';

const CONTENT_DIR = path.join(ROOT_DIR, 'content');
const ctx = useTestApp();

describe('the content files', () => {
  const content = loadContent(CONTENT_DIR);

  it('have the question counts of each training module', () => {
    const counts = Object.fromEntries(
      TRAINING_CATEGORIES.map((c) => [c, content.questions.get(c)?.length]),
    );
    expect(counts).toEqual({
      history: 18,
      collection: 17,
      inspiration: 12,
      storytelling: 13,
      'main-collections': 15,
    });
  });

  it('have at least ten questions of each mode', () => {
    const all = [...content.questions.values()].flat();
    for (const mode of Object.keys(POINTS_BY_MODE)) {
      expect(all.filter((q) => q.mode === mode).length, mode).toBeGreaterThanOrEqual(10);
    }
  });

  it('refer only to images the web app ships', () => {
    const images = [
      ...content.categories.flatMap((c) => [
        c.cover,
        ...c.lesson.sections.flatMap((s) => (s.image ? [s.image.src] : [])),
      ]),
      ...content.badges.map((b) => b.icon),
      ...content.titles.map((t) => t.image),
    ];
    const missing = images.filter(
      (src) => !fs.existsSync(path.join(ROOT_DIR, 'apps/web/public', src)),
    );
    expect(missing).toEqual([]);
  });

  it('define the title ladder and the ten badges', () => {
    expect(content.titles.map((t) => [t.name, t.min_points])).toEqual([
      ['APPRENTICE', 0],
      ['ARTISAN', 5000],
      ['CONNOISSEUR', 15000],
      ['EXPERT', 30000],
      ['MASTER', 60000],
      ['{BRAND} LEGEND', 100000],
    ]);
    expect(content.badges).toHaveLength(10);
  });
});

describe('importContent', () => {
  it('imports everything, then changes nothing when run again', async () => {
    const options = {
      brandName: 'Aurèle',
      timeZone: 'Europe/Zurich',
      now: new Date('2026-11-21T10:00:00Z'),
    };
    const first = await importContent(ctx.db, loadContent(CONTENT_DIR), options);
    const snapshot = async () => ({
      questions: await ctx.db
        .selectFrom('questions')
        .select(['id', 'key', 'text', 'active'])
        .orderBy('id')
        .execute(),
      choices: (await ctx.db.selectFrom('question_choices').select('id').execute()).length,
      modules: await ctx.db
        .selectFrom('training_modules')
        .select(['id', 'category_id'])
        .orderBy('id')
        .execute(),
      splits: await ctx.db
        .selectFrom('splits')
        .select(['name', 'start_date', 'end_date'])
        .orderBy('start_date')
        .execute(),
      titles: await ctx.db.selectFrom('titles').select(['name']).orderBy('min_points').execute(),
    });
    const before = await snapshot();
    const second = await importContent(ctx.db, loadContent(CONTENT_DIR), options);
    expect(second).toEqual(first);
    const after = await snapshot();
    expect(after.questions).toEqual(before.questions);
    expect(after.modules).toEqual(before.modules);
    expect(after.choices).toBe(before.choices);
    expect(before.questions).toHaveLength(75);
    expect(before.titles.at(-1)).toEqual({ name: 'AURÈLE LEGEND' });
    expect(before.splits).toEqual([
      { name: 'Split 1', start_date: '2026-02-20', end_date: '2026-05-20' },
      { name: 'Split 2', start_date: '2026-05-21', end_date: '2026-08-20' },
      { name: 'Split 3', start_date: '2026-08-21', end_date: '2026-11-20' },
      { name: 'Split 1', start_date: '2027-02-20', end_date: '2027-05-20' },
      { name: 'Split 2', start_date: '2027-05-21', end_date: '2027-08-20' },
      { name: 'Split 3', start_date: '2027-08-21', end_date: '2027-11-20' },
    ]);
  });

  it('shows what it changed at once: the title ladder and the training modules', async () => {
    const options = { brandName: 'Aurèle', timeZone: 'Europe/Zurich' };
    await importContent(ctx.db, loadContent(CONTENT_DIR), options);
    const user = await createUser(ctx);
    const read = async (url: string) =>
      (await ctx.app.inject({ method: 'GET', url, headers: bearer(user.token) })).json();
    expect((await read('/api/user/titles')).current_title.name).toBe('APPRENTICE');
    expect((await read('/api/training')).data.map((m: { title: string }) => m.title)).not.toContain(
      'Renamed',
    );

    const changed = loadContent(CONTENT_DIR);
    changed.titles[0] = { ...changed.titles[0]!, name: 'NOVICE' };
    changed.categories[0] = { ...changed.categories[0]!, title: 'Renamed' };
    await importContent(ctx.db, changed, options);
    expect((await read('/api/user/titles')).current_title.name).toBe('NOVICE');
    expect((await read('/api/user')).current_title.name).toBe('NOVICE');
    expect((await read('/api/training')).data.map((m: { title: string }) => m.title)).toContain(
      'Renamed',
    );
    await importContent(ctx.db, loadContent(CONTENT_DIR), options);
  });

  it('reports a broken file by name, line of the list and field', () => {
    expect(() =>
      loadContent(path.join(ROOT_DIR, 'apps/server/test/fixtures/broken-content')),
    ).toThrow(/questions\/history\.json: 0\.correct_choice_id: must be one of the choice ids/);
  });
});
