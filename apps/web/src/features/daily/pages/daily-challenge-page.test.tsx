import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CALENDAR_BREAKPOINT_PX, STORAGE_KEYS } from '@app/contract/constants';
import type { DailyHistory, DailyStatus } from '@app/contract/daily';
import { json, mockFetch } from '@/testing/fetch-mock';
import { demoUser, storeSession } from '@/testing/fixtures';
import { renderApp, setViewport } from '@/testing/render-app';

const DAY = '2025-03-04';

const status = (overrides: Partial<DailyStatus> = {}): DailyStatus => ({
  has_answered: false,
  is_correct: null,
  correct_answers: [],
  user_answer: null,
  explanation: null,
  points_awarded: 0,
  day: DAY,
  ...overrides,
});

const HISTORIES: Record<string, DailyHistory> = {
  '2025-2': { '3': 'correct', '10': 'incorrect', '28': 'correct' },
  '2025-3': { '1': 'correct', '2': 'incorrect', '3': 'correct' },
  '2025-4': {},
};

function calendarServer({
  statusReply = json(200, status()),
  failMonth,
}: { statusReply?: Response; failMonth?: string } = {}) {
  storeSession();
  return mockFetch()
    .on('GET', '/api/user', json(200, demoUser))
    .on('GET', '/api/quiz/daily-status', statusReply)
    .on('GET', '/api/user/stats', json(200, { points: 1250, ratio: '2/1', streaks: 6 }))
    .on('GET', '/api/quiz/daily-history', (call) => {
      const query = new URL(call.url, 'http://localhost').searchParams;
      const key = `${query.get('year')}-${query.get('month')}`;
      if (key === failMonth) return json(500, { message: 'Server Error' });
      return json(200, HISTORIES[key] ?? {});
    });
}

const month = (name: string) => screen.getByRole('table', { name });
/** The cell of a day of a month, by its number. */
function day(name: string, date: number): HTMLElement {
  const cells = within(month(name)).getAllByRole('cell');
  const cell = cells.find((c) => c.textContent?.match(/^\d+/)?.[0] === String(date));
  if (!cell) throw new Error(`No day ${date} in ${name}`);
  return cell;
}
const outcomes = (name: string) =>
  Object.fromEntries(
    within(month(name))
      .getAllByRole('cell')
      .filter((c) => c.dataset.outcome && c.dataset.outcome !== 'none')
      .map((c) => [c.textContent!.match(/^\d+/)![0], c.dataset.outcome]),
  );

async function openCalendar() {
  const app = renderApp('/quiz/daily');
  await screen.findByRole('heading', { level: 1, name: 'Daily Challenge' });
  await screen.findByRole('table', { name: 'March 2025' });
  return app;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('/quiz/daily', () => {
  it('sends an anonymous visitor to /login', async () => {
    mockFetch();
    const app = renderApp('/quiz/daily');

    await screen.findByLabelText('Email');
    expect(app.location().pathname).toBe('/login');
  });

  it('shows the previous, current and next months, coloured by one history call each', async () => {
    const server = calendarServer();
    await openCalendar();

    expect(screen.getAllByRole('table').map((t) => t.getAttribute('aria-labelledby'))).toHaveLength(
      3,
    );
    expect(screen.getByRole('table', { name: 'February 2025' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'April 2025' })).toBeTruthy();
    await waitFor(() =>
      expect(outcomes('February 2025')).toEqual({
        '3': 'correct',
        '10': 'incorrect',
        '28': 'correct',
      }),
    );
    expect(outcomes('March 2025')).toEqual({ '1': 'correct', '2': 'incorrect', '3': 'correct' });
    expect(outcomes('April 2025')).toEqual({});
    // Said in words too, not by colour alone.
    expect(day('March 2025', 2).textContent).toBe('2, Incorrect');
    expect(day('March 2025', 3).textContent).toBe('3, Correct');

    const months = server
      .callsTo('GET', '/api/quiz/daily-history')
      .map((c) => new URL(c.url, 'http://localhost').search);
    expect(months.sort()).toEqual([
      '?year=2025&month=2',
      '?year=2025&month=3',
      '?year=2025&month=4',
    ]);
  });

  it('marks today, the day the server counts for the user', async () => {
    calendarServer();
    await openCalendar();

    const today = day('March 2025', 4);
    expect(today.getAttribute('aria-current')).toBe('date');
    expect(today.textContent).toBe('4, Today');
    expect(screen.getAllByRole('cell').filter((c) => c.getAttribute('aria-current'))).toHaveLength(
      1,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Tuesday 4 March' })).toBeTruthy();
  });

  it('shows every day of a month whose history failed as none', async () => {
    calendarServer({ failMonth: '2025-3' });
    await openCalendar();

    await waitFor(() => expect(outcomes('February 2025')).toEqual(HISTORIES['2025-2']));
    const march = within(month('March 2025')).getAllByRole('cell');
    expect(march.filter((c) => c.dataset.outcome).every((c) => c.dataset.outcome === 'none')).toBe(
      true,
    );
    expect(march.filter((c) => c.dataset.outcome)).toHaveLength(31);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("links TODAY'S QUESTION to the question while today is unanswered", async () => {
    calendarServer();
    const app = await openCalendar();

    const link = await screen.findByRole('link', { name: "TODAY'S QUESTION" });
    expect(link.getAttribute('href')).toBe('/quiz/dailyquestion');
    expect(screen.queryByRole('button', { name: "TODAY'S QUESTION" })).toBeNull();
    await app.user.click(link);
    await waitFor(() => expect(app.location().pathname).toBe('/quiz/dailyquestion'));
  });

  it("disables TODAY'S QUESTION once the server says today is answered", async () => {
    calendarServer({
      statusReply: json(
        200,
        status({
          has_answered: true,
          is_correct: true,
          correct_answers: ['Ondine'],
          user_answer: 'Ondine',
        }),
      ),
    });
    await openCalendar();

    const button = await screen.findByRole('button', { name: "TODAY'S QUESTION" });
    expect(button).toHaveProperty('disabled', true);
    expect(screen.queryByRole('link', { name: "TODAY'S QUESTION" })).toBeNull();
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(button.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Answered today: a right answer. Come back tomorrow.',
    );
    expect(screen.getByRole('link', { name: 'See my answer' }).getAttribute('href')).toBe(
      '/quiz/dailyquestion',
    );
    // This device now remembers it.
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.dailyQuestionAnswered)!)).toBe(DAY);
  });

  it("disables TODAY'S QUESTION when this device answered today", async () => {
    window.localStorage.setItem(STORAGE_KEYS.dailyQuestionAnswered, JSON.stringify(DAY));
    calendarServer();
    await openCalendar();

    expect(await screen.findByRole('button', { name: "TODAY'S QUESTION" })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('says when the status cannot be checked, and relies on this device meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 2, 4, 10, 0));
    window.localStorage.setItem(STORAGE_KEYS.dailyQuestionAnswered, JSON.stringify(DAY));
    calendarServer({ statusReply: json(500, { message: 'Server Error' }) });
    await openCalendar();

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Impossible de vérifier votre statut...',
    );
    expect(screen.getByRole('button', { name: "TODAY'S QUESTION" })).toHaveProperty(
      'disabled',
      true,
    );
    expect(day('March 2025', 4).getAttribute('aria-current')).toBe('date');
  });

  it('shows the streak', async () => {
    calendarServer();
    await openCalendar();

    expect(await screen.findByText('Your streak: 6 right answers in a row')).toBeTruthy();
  });

  it('has a close button to Home', async () => {
    calendarServer();
    await openCalendar();

    expect(
      screen.getByRole('link', { name: 'Close the daily challenge' }).getAttribute('href'),
    ).toBe('/');
  });

  it(`scrolls the months sideways below ${CALENDAR_BREAKPOINT_PX} px, within reach of the keyboard`, async () => {
    setViewport('narrow');
    calendarServer();
    await openCalendar();

    const region = screen.getByRole('region', { name: 'Your answers, month by month' });
    expect(region.tabIndex).toBe(0);
    expect(region.dataset.layout).toBe('scroll');
    expect(within(region).getAllByRole('table')).toHaveLength(3);
  });

  it(`shows the months side by side from ${CALENDAR_BREAKPOINT_PX} px`, async () => {
    setViewport('wide');
    calendarServer();
    await openCalendar();

    expect(screen.queryByRole('region', { name: 'Your answers, month by month' })).toBeNull();
    const months = month('March 2025').closest('[data-layout]') as HTMLElement;
    expect(months.dataset.layout).toBe('grid');
    expect(months.hasAttribute('tabindex')).toBe(false);
  });
});
