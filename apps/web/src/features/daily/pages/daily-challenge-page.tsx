import { useEffect, useId, useRef } from 'react';
import { CALENDAR_BREAKPOINT_PX } from '@app/contract/constants';
import { useUserStats } from '@/api/get-user-stats';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { GameFrame } from '@/components/ui/game-frame';
import { GameError } from '@/components/ui/game-message';
import { PageHeader } from '@/components/ui/page-header';
import { t } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMediaQuery } from '@/lib/use-media-query';
import { useDailyHistories } from '../api/get-daily-history';
import { useDailyStatus } from '../api/get-daily-status';
import { CalendarLegend, MonthCalendar } from '../components/month-calendar';
import { StreakMedal } from '../components/streak-medal';
import { browserToday, formatDay, monthsAround } from '../utils/calendar';
import { readDailyAnswered, rememberDailyStatus } from '../utils/daily-storage';
import styles from './daily-challenge-page.module.css';

/**
 * Below the breakpoint the three months scroll sideways (SPEC.md §9: 900 px). The layout itself is
 * CSS; the breakpoint is the contract's, read here once and handed to the CSS as `data-layout`.
 */
const NARROW_CALENDAR = `(max-width: ${CALENDAR_BREAKPOINT_PX - 1}px)`;

/**
 * /quiz/daily, Daily Challenge (anonymous visitors are sent to /login by the route): the streak,
 * TODAY'S QUESTION (disabled once today is answered, by the server's status or this device's
 * `dailyQuestionAnswered`), and the previous, current and next months coloured by the answers.
 */
export function DailyChallengePage() {
  useDocumentTitle(t('page.daily'));
  const baseId = useId();
  const status = useDailyStatus();
  const stats = useUserStats();
  // The server knows the user's day (their store's time zone); until it answers, the browser's.
  const today = status.data?.day ?? browserToday();
  const months = monthsAround(today);
  // Asked once the day is known, so that only the months shown are asked for.
  const histories = useDailyHistories(months, { enabled: !status.isPending });

  const answered = status.data?.has_answered === true || readDailyAnswered() === today;
  const answeredStatus = status.data?.has_answered ? status.data : undefined;
  useEffect(() => {
    if (answeredStatus) rememberDailyStatus(answeredStatus);
  }, [answeredStatus]);

  const narrow = useMediaQuery(NARROW_CALENDAR);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const currentRef = useRef<HTMLDivElement>(null);
  // On a narrow screen the current month is the one in view first.
  useEffect(() => {
    const scroller = scrollerRef.current;
    const current = currentRef.current;
    if (!narrow || !scroller || !current) return;
    scroller.scrollLeft =
      current.offsetLeft - scroller.offsetLeft - (scroller.clientWidth - current.offsetWidth) / 2;
  }, [narrow]);

  const todayLine = answered
    ? status.data?.is_correct === true
      ? t('daily.calendar.answeredCorrect')
      : t('daily.calendar.answered')
    : t('daily.calendar.open');

  return (
    <GameFrame
      closeTo={paths.home()}
      closeLabel={t('daily.close')}
      width="page"
      align="top"
      backdrop="sunburst"
    >
      <div className={styles.page}>
        <PageHeader
          eyebrow={t('daily.calendar.eyebrow')}
          title={t('daily.calendar.heading')}
          rule
          lede={t('daily.calendar.lede')}
          align="center"
          className={styles.header}
        />

        <section className={styles.today} aria-labelledby={`${baseId}-today`}>
          {stats.data ? (
            <div className={styles.streak}>
              <StreakMedal streak={stats.data.streaks} />
            </div>
          ) : null}
          <div className={styles.todayBody}>
            <h2 id={`${baseId}-today`} className={`eyebrow ${styles.day}`}>
              {formatDay(today, t('daily.locale'))}
            </h2>
            <p id={`${baseId}-today-line`} className={styles.todayLine}>
              {todayLine}
            </p>
            {status.isError ? (
              <GameError lang="fr" size="sm">
                {t('daily.errors.status')}
              </GameError>
            ) : null}
            <div className={styles.todayActions}>
              {answered ? (
                <>
                  <Button disabled aria-describedby={`${baseId}-today-line`}>
                    {t('daily.calendar.todayQuestion')}
                  </Button>
                  <ButtonLink to={paths.dailyQuestion()} variant="ghost">
                    {t('daily.calendar.seeAnswer')}
                  </ButtonLink>
                </>
              ) : (
                <ButtonLink to={paths.dailyQuestion()}>
                  {t('daily.calendar.todayQuestion')}
                </ButtonLink>
              )}
            </div>
          </div>
        </section>

        <div className={styles.calendar}>
          <h2 id={`${baseId}-months`} className="visually-hidden">
            {t('daily.calendar.months')}
          </h2>
          <div
            ref={scrollerRef}
            className={styles.months}
            data-layout={narrow ? 'scroll' : 'grid'}
            // Scrolled sideways on a narrow screen: reachable with the keyboard then.
            tabIndex={narrow ? 0 : undefined}
            role={narrow ? 'region' : undefined}
            aria-labelledby={narrow ? `${baseId}-months` : undefined}
          >
            {months.map((month, index) => {
              const history = histories[index]!;
              return (
                <div
                  key={`${month.year}-${month.month}`}
                  ref={index === 1 ? currentRef : undefined}
                  className={styles.slot}
                >
                  <MonthCalendar
                    month={month}
                    // A failed history shows every day of its month as none (SPEC.md §8).
                    history={history.data}
                    loading={status.isPending || history.isFetching}
                    today={today}
                  />
                </div>
              );
            })}
          </div>
          <CalendarLegend />
        </div>
      </div>
    </GameFrame>
  );
}
