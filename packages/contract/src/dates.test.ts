import { describe, expect, it } from 'vitest';
import { addDays, isoTime, localDay, startOfDay } from './dates';

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

describe('isoTime', () => {
  it('writes every instant as toISOString does, character for character', () => {
    const edges = [
      '0000-01-01T00:00:00.000Z',
      '0000-02-29T12:00:00.000Z',
      '0001-01-01T00:00:00.000Z',
      '0999-12-31T23:59:59.999Z',
      '1600-02-29T00:00:00.000Z',
      '1899-12-31T23:59:59.999Z',
      '1969-12-31T23:59:59.999Z',
      '1970-01-01T00:00:00.000Z',
      '1970-01-01T00:00:00.001Z',
      '2000-02-29T23:59:59.999Z',
      '2000-03-01T00:00:00.000Z',
      '2024-02-29T09:05:03.007Z',
      '2026-11-28T12:34:56.789Z',
      '2100-02-28T23:59:59.999Z',
      '2100-03-01T00:00:00.000Z',
      '9999-12-31T23:59:59.999Z',
    ].map(Date.parse);
    // 20 000 instants spread over the whole range, each at another time of day.
    const [first, last] = [edges[0]!, edges.at(-1)!];
    const step = Math.floor((last - first) / 20_000) + 7;
    const spread = Array.from({ length: 20_000 }, (_, i) => first + i * step);
    for (const ms of [...edges, ...spread]) {
      expect(isoTime(ms)).toBe(new Date(ms).toISOString());
    }
  });

  it('answers as toISOString outside the years 0000 to 9999, and refuses what is no instant', () => {
    for (const iso of ['-000001-12-31T23:59:59.999Z', '+010000-01-01T00:00:00.000Z']) {
      expect(isoTime(Date.parse(iso))).toBe(iso);
    }
    expect(() => isoTime(Number.NaN)).toThrow(RangeError);
  });
});
