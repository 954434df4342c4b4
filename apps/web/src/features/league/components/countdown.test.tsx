import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Countdown } from './countdown';

const SECOND = 1000;
const target = new Date(2027, 1, 20).getTime();
/** 3 days, 4 hours, 5 minutes and 6 seconds before the target. */
const start = target - (((3 * 24 + 4) * 60 + 5) * 60 + 6) * SECOND;

const figures = (container: HTMLElement) =>
  ['days', 'hours', 'minutes', 'seconds'].map(
    (unit) => container.querySelector(`[data-countdown-unit="${unit}"]`)?.textContent,
  );
const liveText = (container: HTMLElement) =>
  container.querySelector('[aria-live="polite"]')?.textContent;
const tick = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

describe('Countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(start);
  });
  afterEach(() => vi.useRealTimers());

  it('shows days, hours, minutes and seconds, hidden from assistive technologies', () => {
    const { container } = render(<Countdown name="Split 1" target={target} />);

    expect(figures(container)).toEqual(['03', '04', '05', '06']);
    const ticking = container.querySelector('[data-countdown-unit="seconds"]')!;
    expect(ticking.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(liveText(container)).toBe('Split 1 opens in 3 days, 4 hours and 5 minutes.');
  });

  it('ticks every second', () => {
    const { container } = render(<Countdown name="Split 1" target={target} />);

    tick(SECOND);
    expect(figures(container)).toEqual(['03', '04', '05', '05']);
    tick(SECOND);
    expect(figures(container)).toEqual(['03', '04', '05', '04']);
    tick(5 * SECOND);
    expect(figures(container)).toEqual(['03', '04', '04', '59']);
  });

  it('changes its spoken text only when a minute has passed', () => {
    const { container } = render(<Countdown name="Split 1" target={target} />);
    const texts = new Set<string | null | undefined>([liveText(container)]);

    // Six seconds to go down to 3:04:05:00, still "5 minutes".
    for (let i = 0; i < 6; i++) {
      tick(SECOND);
      texts.add(liveText(container));
    }
    expect([...texts]).toEqual(['Split 1 opens in 3 days, 4 hours and 5 minutes.']);

    tick(SECOND);
    expect(liveText(container)).toBe('Split 1 opens in 3 days, 4 hours and 4 minutes.');
    for (let i = 0; i < 59; i++) tick(SECOND);
    expect(liveText(container)).toBe('Split 1 opens in 3 days, 4 hours and 4 minutes.');
    tick(SECOND);
    expect(liveText(container)).toBe('Split 1 opens in 3 days, 4 hours and 3 minutes.');
  });

  it('speaks in the singular, and leaves out what is zero', () => {
    vi.setSystemTime(target - (((1 * 24 + 0) * 60 + 1) * 60 + 30) * SECOND);
    const { container } = render(<Countdown name="Split 2" target={target} />);

    expect(figures(container)).toEqual(['01', '00', '01', '30']);
    expect(liveText(container)).toBe('Split 2 opens in 1 day and 1 minute.');
    tick(31 * SECOND);
    expect(liveText(container)).toBe('Split 2 opens in 1 day.');
    tick(60 * SECOND);
    expect(liveText(container)).toBe('Split 2 opens in 23 hours and 59 minutes.');
  });

  it('stops at zero and says once that the target is reached', () => {
    vi.setSystemTime(target - 2 * SECOND);
    const onReached = vi.fn();
    const { container } = render(
      <Countdown name="Split 1" target={target} onReached={onReached} />,
    );

    expect(liveText(container)).toBe('Split 1 opens in less than a minute.');
    tick(SECOND);
    expect(figures(container)).toEqual(['00', '00', '00', '01']);
    expect(onReached).not.toHaveBeenCalled();
    tick(SECOND);
    expect(figures(container)).toEqual(['00', '00', '00', '00']);
    expect(liveText(container)).toBe('Split 1 is opening.');
    tick(5 * SECOND);
    expect(figures(container)).toEqual(['00', '00', '00', '00']);
    expect(onReached).toHaveBeenCalledTimes(1);
  });
});
