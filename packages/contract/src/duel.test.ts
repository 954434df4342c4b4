import { describe, expect, it } from 'vitest';
import { apostropheThousands, betterPlay, duelWinner } from './duel';

describe('betterPlay', () => {
  it('prefers the higher score, then the lower time, and sees a tie on both', () => {
    expect(
      betterPlay(
        { user_id: 1, score: 2000, time_seconds: 90 },
        { user_id: 2, score: 1500, time_seconds: 20 },
      ),
    ).toBe(1);
    expect(
      betterPlay(
        { user_id: 1, score: 1500, time_seconds: 90 },
        { user_id: 2, score: 1500, time_seconds: 20 },
      ),
    ).toBe(2);
    expect(
      betterPlay(
        { user_id: 1, score: 1500, time_seconds: 20 },
        { user_id: 2, score: 1500, time_seconds: 20 },
      ),
    ).toBeNull();
  });
});

describe('duelWinner', () => {
  it('needs both players', () => {
    expect(duelWinner([{ user_id: 1, score: 1, time_seconds: 1 }])).toBeNull();
  });
});

describe('apostropheThousands', () => {
  it('groups thousands with an apostrophe', () => {
    expect(apostropheThousands(0)).toBe('0');
    expect(apostropheThousands(999)).toBe('999');
    expect(apostropheThousands(1000)).toBe("1'000");
    expect(apostropheThousands(12_345_678)).toBe("12'345'678");
  });
});
