import { describe, expect, it } from 'vitest';
import { t } from './i18n';

describe('t()', () => {
  it('returns the message of a key', () => {
    expect(t('login.errors.network')).toBe('Unable to connect to the server');
  });

  it('fills {placeholders}', () => {
    expect(t('home.welcome', { first_name: 'Camille' })).toBe('Welcome, Camille');
    expect(t('footer.copyright', { year: 2025, brand: 'Aurèle' })).toBe(
      '© 2025 Aurèle. All rights reserved.',
    );
  });
});
