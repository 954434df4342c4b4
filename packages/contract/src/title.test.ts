import { describe, expect, it } from 'vitest';
import { titleForPoints } from './title';

const ladder = [
  { name: 'ARTISAN', min_points: 5000, image_url: '/a.svg' },
  { name: 'APPRENTICE', min_points: 0, image_url: '/p.svg' },
  { name: 'AURÈLE LEGEND', min_points: 100000, image_url: '/l.svg' },
];

describe('titleForPoints', () => {
  it('starts everyone as apprentice with the points still needed for the next title', () => {
    expect(titleForPoints(ladder, 0)).toEqual({
      current_title: { name: 'APPRENTICE', image_url: '/p.svg' },
      next_title: { name: 'ARTISAN', image_url: '/a.svg' },
      points_for_next_title: 5000,
      total_points: 0,
    });
  });

  it('reaches a title at exactly its threshold', () => {
    const info = titleForPoints(ladder, 5000);
    expect(info.current_title.name).toBe('ARTISAN');
    expect(info.points_for_next_title).toBe(95000);
  });

  it('has no next title at the top of the ladder', () => {
    const info = titleForPoints(ladder, 250000);
    expect(info.current_title.name).toBe('AURÈLE LEGEND');
    expect(info.next_title).toBeNull();
    expect(info.points_for_next_title).toBe(0);
  });

  it('falls back to APPRENTICE when no title is defined', () => {
    expect(titleForPoints([], 1200).current_title.name).toBe('APPRENTICE');
  });
});
