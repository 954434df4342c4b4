import { describe, expect, it } from 'vitest';
import { attempt, duelFixture, lucas, me, round, wonDuel } from '../testing/duel-fixtures';
import {
  formatClock,
  openRound,
  outcomeOf,
  parseRoundParam,
  playTarget,
  resultAction,
  sidesOf,
  totalsOf,
} from './duel-rules';

describe('sidesOf (SPEC.md §6)', () => {
  it('puts the user on their side whether they are user1 or user2', () => {
    expect(sidesOf(duelFixture(1, { mine: true }), me.id)).toEqual({ me, opponent: lucas });
    expect(sidesOf(duelFixture(1, { mine: false }), me.id)).toEqual({ me, opponent: lucas });
  });
});

describe('playTarget: where Play goes (SPEC.md §4)', () => {
  it('goes to the round in progress', () => {
    const duel = duelFixture(1, {
      rounds: [
        round(1, 'completed', [attempt(me.id, 1000, 60), attempt(lucas.id, 500, 70)], me.id),
        round(2, 'in_progress', [attempt(lucas.id, null, null)]),
        round(3),
      ],
    });
    expect(playTarget(duel, me.id)).toEqual({ kind: 'round', round: 2 });
  });

  it('waits when the user already played the round in progress', () => {
    const duel = duelFixture(1, {
      rounds: [round(1, 'in_progress', [attempt(me.id, 1000, 60)]), round(2), round(3)],
    });
    expect(playTarget(duel, me.id)).toEqual({ kind: 'waiting', round: 1 });
  });

  it('goes to the first pending round when none is in progress', () => {
    const duel = duelFixture(1, {
      rounds: [
        round(3),
        round(1, 'completed', [attempt(me.id, 1000, 60), attempt(lucas.id, 500, 70)], me.id),
        round(2),
      ],
    });
    expect(playTarget(duel, me.id)).toEqual({ kind: 'round', round: 2 });
  });

  it('goes to the result page when every round is completed', () => {
    expect(playTarget(wonDuel(), me.id)).toEqual({ kind: 'result' });
  });
});

describe('openRound: opening a round (SPEC.md "Round play flow", steps 1 and 2)', () => {
  it('does not find a round the duel does not have', () => {
    expect(openRound(duelFixture(1), 4, me.id)).toEqual({ kind: 'missing' });
  });

  it('skips a round the user played to the next one while the duel is in progress', () => {
    const duel = duelFixture(1, {
      rounds: [
        round(1, 'completed', [attempt(me.id, 1000, 60), attempt(lucas.id, 500, 70)], me.id),
        round(2),
        round(3),
      ],
    });
    expect(openRound(duel, 1, me.id)).toEqual({ kind: 'redirect', to: 'round', round: 2 });
  });

  it('skips a played round 3, or a played round of a finished duel, to the result', () => {
    expect(openRound(wonDuel(), 3, me.id)).toEqual({ kind: 'redirect', to: 'result' });
    expect(openRound(wonDuel(), 1, me.id)).toEqual({ kind: 'redirect', to: 'result' });
  });

  it('sends a round that cannot be played yet, or any more, to the result', () => {
    const waiting = duelFixture(1, {
      rounds: [round(1, 'in_progress', [attempt(me.id, 1000, 60)]), round(2), round(3)],
    });
    expect(openRound(waiting, 2, me.id)).toEqual({ kind: 'redirect', to: 'result' });
    const timedOut = duelFixture(1, { status: 'timeout' });
    expect(openRound(timedOut, 1, me.id)).toEqual({ kind: 'redirect', to: 'result' });
  });

  it('opens the intro of a round the user may play', () => {
    const duel = duelFixture(1);
    expect(openRound(duel, 1, me.id)).toEqual({ kind: 'intro', round: duel.rounds[0] });
    const pending = duelFixture(2, { status: 'pending' });
    expect(openRound(pending, 1, me.id)).toMatchObject({ kind: 'intro' });
  });
});

describe('resultAction: the result page (SPEC.md /duels/result)', () => {
  it('offers REMATCH once the duel is over, timeouts included', () => {
    expect(resultAction(wonDuel(), me.id)).toEqual({ kind: 'rematch' });
    expect(resultAction(duelFixture(1, { status: 'timeout' }), me.id)).toEqual({
      kind: 'rematch',
    });
  });

  it('offers the next round once the one before is done by both', () => {
    const duel = duelFixture(1, {
      rounds: [
        round(1, 'completed', [attempt(me.id, 1000, 60), attempt(lucas.id, 500, 70)], me.id),
        round(2),
        round(3),
      ],
    });
    expect(resultAction(duel, me.id)).toEqual({ kind: 'play', round: 2 });
  });

  it('waits while the opponent has the round to finish', () => {
    const duel = duelFixture(1, {
      rounds: [round(1, 'in_progress', [attempt(me.id, 1000, 60)]), round(2), round(3)],
    });
    expect(resultAction(duel, me.id)).toEqual({ kind: 'waiting', round: 1 });
  });

  it('lets user2 accept a pending duel, and user1 wait', () => {
    expect(resultAction(duelFixture(1, { status: 'pending', mine: false }), me.id)).toEqual({
      kind: 'accept',
    });
    expect(resultAction(duelFixture(1, { status: 'pending', mine: true }), me.id)).toEqual({
      kind: 'awaiting-acceptance',
    });
  });
});

describe('totals and outcome', () => {
  it('adds the points the user may see, and reads the winner', () => {
    expect(totalsOf(wonDuel(), me.id)).toEqual({ me: 9750, opponent: 7000 });
    expect(outcomeOf(wonDuel(), me.id)).toBe('won');
    expect(outcomeOf({ winner_id: lucas.id }, me.id)).toBe('lost');
    expect(outcomeOf({ winner_id: null }, me.id)).toBe('none');
  });

  it('counts a hidden score as nothing', () => {
    const duel = duelFixture(1, {
      rounds: [
        round(1, 'in_progress', [attempt(me.id, 1500, 60), attempt(lucas.id, null, null)]),
        round(2),
        round(3),
      ],
    });
    expect(totalsOf(duel, me.id)).toEqual({ me: 1500, opponent: 0 });
  });
});

describe('formats', () => {
  it('writes seconds as m:ss', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(65)).toBe('1:05');
    expect(formatClock(754)).toBe('12:34');
  });

  it('reads a round number from the URL', () => {
    expect(parseRoundParam('2')).toBe(2);
    expect(parseRoundParam('x')).toBeNull();
    expect(parseRoundParam(undefined)).toBeNull();
  });
});
