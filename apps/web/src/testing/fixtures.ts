import {
  DEFAULT_AVATAR_URL,
  MODE_BY_DIFFICULTY,
  POINTS_BY_MODE,
  QUIZ_TITLES,
  type Difficulty,
  type QuestionMode,
} from '@app/contract/constants';
import type { QuizAttempt, QuizQuestion } from '@app/contract/quiz';
import type { TrainingLessons, TrainingList } from '@app/contract/training';
import type { User } from '@app/contract/user';

export const demoUser: User = {
  id: 7,
  first_name: 'Camille',
  last_name: 'Rochat',
  name: 'Camille Rochat',
  email: 'demo@example.com',
  username: 'camille',
  website: null,
  role: 'staff',
  profile_picture: null,
  profile_picture_url: DEFAULT_AVATAR_URL,
  store: { id: 1, name: 'Aurèle Genève', city: 'Genève', country: 'Switzerland' },
  current_title: { name: 'APPRENTICE', image_url: '/images/titles/apprentice.svg' },
  total_points: 1250,
};

export const demoToken = '12|s3cr3tTokenValueForTests0123456789abcdefgh';

/** Puts a session in local storage, as a login would have. */
export function storeSession(user: User = demoUser, token: string = demoToken): void {
  window.localStorage.setItem('user', JSON.stringify({ ...user, token }));
}

/** A quiz question as `generate` sends it (no answer); `mode` decides the choices and points. */
export function quizQuestion(
  id: number,
  mode: QuestionMode = 'qcm_2',
  text = `Question ${id} : vrai ou faux ?`,
): QuizQuestion {
  const choices =
    mode === 'open'
      ? []
      : mode === 'qcm_2'
        ? [
            { id: 1, text: 'Vrai' },
            { id: 2, text: 'Faux' },
          ]
        : [
            { id: 1, text: 'Ondine' },
            { id: 2, text: 'Meridian' },
            { id: 3, text: 'Sillage' },
            { id: 4, text: 'Aube' },
          ];
  return {
    question_id: id,
    text,
    mode,
    choices,
    category: 'History',
    category_key: 'history',
    points: POINTS_BY_MODE[mode],
  };
}

/** A quiz attempt of `count` questions of one difficulty's mode. */
export function quizFixture(
  difficulty: Difficulty = 'easy',
  count = 3,
  attemptId = 41,
): QuizAttempt {
  const mode = MODE_BY_DIFFICULTY[difficulty];
  return {
    attempt_id: attemptId,
    kind: 'quiz',
    title: QUIZ_TITLES[difficulty],
    difficulty,
    expires_at: '2030-01-01T12:00:00.000Z',
    questions: Array.from({ length: count }, (_, i) => quizQuestion(101 + i, mode)),
  };
}

const TRAINING_MODULES = [
  ['history', 'History', 'The History of Aurèle', 18],
  ['collection', 'Collection', 'The Aurèle Catalogue', 17],
  ['inspiration', 'Inspiration', 'Sources of Inspiration', 12],
  ['storytelling', 'Storytelling', 'Telling the Aurèle Story', 13],
  ['main-collections', 'Main collections', 'The Five Collections', 15],
] as const;

/** The five modules' lessons, as `GET /api/training/lessons` gives them. */
export function trainingLessonsFixture(): TrainingLessons {
  return {
    data: TRAINING_MODULES.map(([key, name, title]) => ({
      key,
      lesson: {
        intro: `The lesson of ${title}.`,
        sections: [
          {
            heading: `${name}, in short`,
            paragraphs: ['A first paragraph.'],
            image: { src: `/images/lessons/${key}-1.svg`, alt: `An illustration of ${name}.` },
          },
          { heading: `More on ${name}`, paragraphs: ['A second paragraph, without a picture.'] },
        ],
        key_points: [`A key point of ${name}.`],
      },
    })),
  };
}

/** The five modules, `completed` the keys already validated. */
export function trainingListFixture(
  completed: readonly string[] = ['history', 'collection'],
): TrainingList {
  const data = TRAINING_MODULES.map(([key, name, title, count], index) => ({
    id: index + 1,
    key,
    path: `/training/${key}`,
    title,
    name,
    description: `What every boutique should know about ${name.toLowerCase()}.`,
    cover_url: `/images/categories/${key}.svg`,
    item_count: count,
    completed: completed.includes(key),
    completed_at: completed.includes(key) ? '2025-03-02T09:00:00.000Z' : null,
  }));
  return { data, completed_count: completed.length, total: data.length };
}
