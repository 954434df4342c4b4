import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/testing/fetch-mock';
import { demoUser, storeSession, trainingListFixture } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

function home(completed: string[]) {
  storeSession();
  mockFetch()
    .on('GET', '/api/user', json(200, demoUser))
    .on('GET', '/api/training', json(200, trainingListFixture(completed)));
  return renderApp('/');
}

const novelties = () => screen.getByRole('region', { name: 'LAST NOVELTIES 2025' });

describe('home: onboarding progress and the locked novelties', () => {
  it('shows the modules completed out of five, with a link to the trainings', async () => {
    home(['history', 'collection']);

    const progress = await screen.findByRole('progressbar', { name: 'Onboarding progress' });
    expect(progress.getAttribute('aria-valuenow')).toBe('40');
    expect(progress.getAttribute('aria-valuetext')).toBe('2/5 modules completed');
    expect(screen.getByText('2/5')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue your training' }).getAttribute('href')).toBe(
      '/training',
    );
  });

  it('keeps the novelties locked, with both conditions and their state', async () => {
    home(['history', 'collection']);
    await screen.findByRole('progressbar');

    const section = novelties();
    expect(within(section).getByText("WHAT'S NEW")).toBeTruthy();
    expect(within(section).getByText('Locked')).toBeTruthy();
    const [onboarding, discoveries] = within(section).getAllByRole('listitem');
    expect(onboarding?.textContent).toBe('ONBOARDING2/5 modules');
    expect(discoveries?.textContent).toBe('DISCOVERIESOpens soon');
  });

  it('stays locked once onboarding is complete, since discoveries are not', async () => {
    home(['history', 'collection', 'inspiration', 'storytelling', 'main-collections']);

    await screen.findByText('All five modules are complete');
    expect(screen.getByRole('link', { name: 'Review your training' })).toBeTruthy();
    const [onboarding, discoveries] = within(novelties()).getAllByRole('listitem');
    expect(onboarding?.textContent).toBe('ONBOARDINGComplete');
    expect(onboarding?.hasAttribute('data-met')).toBe(true);
    expect(discoveries?.hasAttribute('data-met')).toBe(false);
    expect(within(novelties()).getByText('Locked')).toBeTruthy();
  });

  it('still links to the trainings when the progress cannot be loaded', async () => {
    storeSession();
    mockFetch()
      .on('GET', '/api/user', json(200, demoUser))
      .on('GET', '/api/training', json(500, { message: 'Server Error' }));
    renderApp('/');

    expect(
      await screen.findByText('Your progress could not be loaded.', {}, { timeout: 4000 }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue your training' })).toBeTruthy();
    const [onboarding] = within(novelties()).getAllByRole('listitem');
    expect(onboarding?.textContent).toBe('ONBOARDINGNot known yet');
  });
});
