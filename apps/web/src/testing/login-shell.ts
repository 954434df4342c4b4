import { act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startLoginShell } from '@/app/login-shell';

let stop: (() => void) | undefined;

/** Draws /login as its own entry does (decision 0030), at `url`, in a page of its own. */
export function openLoginShell(url: string) {
  window.history.replaceState(null, '', url);
  const container = document.body.appendChild(document.createElement('div'));
  act(() => {
    stop = startLoginShell(container);
  });
  return userEvent.setup();
}

/** Takes down what `openLoginShell` drew, for the next test (`afterEach`). */
export function closeLoginShell() {
  act(() => stop?.());
  stop = undefined;
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
}
