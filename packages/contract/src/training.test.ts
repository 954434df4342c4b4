import { describe, expect, it } from 'vitest';
import { trainingList, trainingPath, trainingProgress } from './training';

describe('trainingPath', () => {
  it('is the path SPEC.md stores in completedTrainings', () => {
    expect(trainingPath('main-collections')).toBe('/training/main-collections');
  });
});

describe('trainingProgress', () => {
  it('rounds the share of completed modules to a whole percent', () => {
    expect(trainingProgress(0, 5)).toBe(0);
    expect(trainingProgress(2, 3)).toBe(67);
    expect(trainingProgress(5, 5)).toBe(100);
  });

  it('never exceeds 100 nor divides by zero', () => {
    expect(trainingProgress(6, 5)).toBe(100);
    expect(trainingProgress(0, 0)).toBe(0);
  });
});

describe('trainingList', () => {
  it('describes the modules with their lesson and the completion of the user', () => {
    const parsed = trainingList.safeParse({
      data: [
        {
          id: 1,
          key: 'history',
          path: '/training/history',
          title: 'The History of Aurèle',
          name: 'History',
          description: 'd',
          cover_url: '/images/categories/history.svg',
          item_count: 18,
          lesson: { intro: 'i', sections: [{ heading: 'h', paragraphs: ['p'] }], key_points: [] },
          completed: true,
          completed_at: '2026-03-01T10:00:00.000Z',
        },
      ],
      completed_count: 1,
      total: 5,
    });
    expect(parsed.success).toBe(true);
  });
});
