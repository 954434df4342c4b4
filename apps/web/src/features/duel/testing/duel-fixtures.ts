import { DEFAULT_AVATAR_URL } from '@app/contract/constants';
import type {
  Duel,
  DuelDetails,
  DuelList,
  DuelQuiz,
  DuelRound,
  RoundAttempt,
  RoundQuiz,
} from '@app/contract/duel';
import type { PublicUser } from '@app/contract/ranking';
import { json, mockFetch } from '@/testing/fetch-mock';
import { demoUser, quizQuestion, storeSession } from '@/testing/fixtures';

/** Duels of the demo user (`fixtures.ts`, id 7) against colleagues of other boutiques. */
export const me: PublicUser = {
  id: demoUser.id,
  first_name: demoUser.first_name,
  last_name: demoUser.last_name,
  profile_picture_url: demoUser.profile_picture_url,
  store: demoUser.store,
};

export const lucas: PublicUser = {
  id: 21,
  first_name: 'Lucas',
  last_name: 'Moreau',
  profile_picture_url: DEFAULT_AVATAR_URL,
  store: { id: 3, name: 'Aurèle Vendôme', city: 'Paris', country: 'France' },
};

export const amelie: PublicUser = {
  id: 22,
  first_name: 'Amélie',
  last_name: 'Roux',
  profile_picture_url: '/uploads/amelie.webp',
  store: { id: 4, name: 'Aurèle Bellecour', city: 'Lyon', country: 'France' },
};

export const themes: DuelQuiz[] = [
  {
    id: 1,
    key: 'history',
    name: 'Histoire',
    description: 'Les dates et les figures de la Maison.',
  },
  { id: 2, key: 'collection', name: 'Collections', description: 'Calibres et références.' },
  { id: 6, key: 'mixed', name: 'Mixte', description: 'Un peu de tout.' },
];

export function attempt(
  userId: number,
  score: number | null,
  time: number | null,
  done = true,
): RoundAttempt {
  return {
    user_id: userId,
    score,
    time_seconds: time,
    completed_at: done ? '2025-04-02T10:00:00.000Z' : null,
  };
}

export function round(
  n: number,
  status: DuelRound['status'] = 'pending',
  attempts: RoundAttempt[] = [],
  winnerId: number | null = null,
): DuelRound {
  return { id: 100 + n, round_number: n, status, deadline_at: null, winner_id: winnerId, attempts };
}

type DuelOptions = Partial<Omit<Duel, 'user1' | 'user2' | 'user1_id' | 'user2_id'>> & {
  opponent?: PublicUser;
  /** Whether the demo user created the duel (user1), or was challenged (user2). */
  mine?: boolean;
};

export function duelFixture(id: number, options: DuelOptions = {}): Duel {
  const { opponent = lucas, mine = true, ...rest } = options;
  const user1 = mine ? me : opponent;
  const user2 = mine ? opponent : me;
  return {
    id,
    status: 'in_progress',
    user1_id: user1.id,
    user2_id: user2.id,
    user1,
    user2,
    winner_id: null,
    quiz_id: themes[0]!.id,
    quiz: themes[0]!,
    created_at: '2025-04-01T09:00:00.000Z',
    expires_at: null,
    completed_at: null,
    rounds: [round(1), round(2), round(3)],
    awaiting_me: false,
    rewards: [],
    ...rest,
  };
}

/** A duel won by the user (two rounds to one), its rewards paid. */
export function wonDuel(id = 40, opponent = lucas): Duel {
  return duelFixture(id, {
    opponent,
    status: 'completed',
    winner_id: me.id,
    completed_at: '2025-04-03T09:00:00.000Z',
    rewards: [
      { user_id: me.id, points: 1000 },
      { user_id: opponent.id, points: -250 },
    ],
    rounds: [
      round(1, 'completed', [attempt(me.id, 3500, 70), attempt(opponent.id, 2500, 80)], me.id),
      round(
        2,
        'completed',
        [attempt(me.id, 2000, 61), attempt(opponent.id, 2750, 59)],
        opponent.id,
      ),
      round(3, 'completed', [attempt(me.id, 4250, 88), attempt(opponent.id, 1750, 101)], me.id),
    ],
  });
}

export function listOf(data: Duel[], page = 1, lastPage = 1, total = data.length): DuelList {
  return { data, current_page: page, last_page: lastPage, total };
}

/** Five questions of a round: two of four choices, one of two, one open, one of four. */
export function roundQuizFixture(roundNumber = 1, attemptId = 900): RoundQuiz {
  return {
    attempt_id: attemptId,
    round_number: roundNumber,
    questions: [
      quizQuestion(201, 'qcm_4', 'Question 1 : quelle collection ?'),
      quizQuestion(202, 'qcm_2', 'Question 2 : vrai ou faux ?'),
      quizQuestion(203, 'open', 'Question 3 : dans quelle vallée ?'),
      quizQuestion(204, 'qcm_4', 'Question 4 : quelle collection encore ?'),
      quizQuestion(205, 'qcm_2', 'Question 5 : vrai ou faux encore ?'),
    ],
    answered: [],
  };
}

export function detailsFixture(duel: Duel): DuelDetails {
  const opponentId = duel.user1_id === me.id ? duel.user2_id : duel.user1_id;
  return {
    rounds: [1, 2, 3].map((n) => ({
      round_number: n,
      questions: [
        {
          ...quizQuestion(
            300 + n,
            'qcm_4',
            `Manche ${n} : quelle collection porte un nom d’aube ?`,
          ),
          correct_answers: ['Aube'],
          explanation: n === 1 ? 'Aube salue le lever du jour sur la vallée.' : null,
          answers: [
            { user_id: me.id, answer: '4', is_correct: true, points: 500 },
            { user_id: opponentId, answer: null, is_correct: false, points: 0 },
          ],
        },
      ],
    })),
  };
}

/** A signed-in demo user with the calls every page makes (the user, the header's count). */
export function duelServer(awaiting = 0) {
  storeSession();
  return mockFetch()
    .on('GET', '/api/user', json(200, demoUser))
    .on('GET', '/api/duels/awaiting', json(200, { count: awaiting }));
}
