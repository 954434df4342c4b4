import { describe, expect, it } from 'vitest';
import { addDays, localDay, startOfDay } from './dates';

describe('localDay', () => {
  it('is the calendar day in the given zone, not in UTC', () => {
    const lateEvening = new Date('2026-03-01T23:30:00Z');
    expect(localDay(lateEvening, 'UTC')).toBe('2026-03-01');
    expect(localDay(lateEvening, 'Europe/Zurich')).toBe('2026-03-02');
    expect(localDay(lateEvening, 'America/New_York')).toBe('2026-03-01');
  });
});

describe('addDays', () => {
  it('crosses months and leap days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('startOfDay', () => {
  it('is local midnight expressed in UTC, in winter and in summer', () => {
    expect(startOfDay('2026-01-15', 'Europe/Zurich')).toBe('2026-01-14T23:00:00.000Z');
    expect(startOfDay('2026-07-15', 'Europe/Zurich')).toBe('2026-07-14T22:00:00.000Z');
    expect(startOfDay('2026-07-15', 'Asia/Tokyo')).toBe('2026-07-14T15:00:00.000Z');
  });

  it('handles the day clocks change', () => {
    expect(startOfDay('2026-03-29', 'Europe/Zurich')).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfDay('2026-10-25', 'Europe/Zurich')).toBe('2026-10-24T22:00:00.000Z');
  });
});
