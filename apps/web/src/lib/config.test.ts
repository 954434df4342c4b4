import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG, readConfig } from './config';

function documentWith(content: string | null): Document {
  const doc = document.implementation.createHTMLDocument();
  if (content !== null) {
    const meta = doc.createElement('meta');
    meta.name = 'app-config';
    meta.content = content;
    doc.head.append(meta);
  }
  return doc;
}

describe('runtime config', () => {
  it('reads the brand from <meta name="app-config">', () => {
    const doc = documentWith(
      '{"brandName":"Maison Test","brandSlug":"maison","timeZone":"Asia/Tokyo"}',
    );
    expect(readConfig(doc)).toEqual({
      brandName: 'Maison Test',
      brandSlug: 'maison',
      timeZone: 'Asia/Tokyo',
    });
  });

  it('keeps the brand’s time zone only when it is a real one', () => {
    const doc = documentWith(
      '{"brandName":"Maison Test","brandSlug":"maison","timeZone":"Mars/Olympus"}',
    );
    expect(readConfig(doc).timeZone).toBe('Europe/Zurich');
  });

  it('falls back to Aurèle when the meta is missing or broken', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readConfig(documentWith(null))).toEqual(DEFAULT_CONFIG);
    expect(readConfig(documentWith('not json'))).toEqual(DEFAULT_CONFIG);
  });

  it('refuses a slug that is not a plain path segment', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const doc = documentWith('{"brandName":"Maison Test","brandSlug":"../admin"}');
    expect(readConfig(doc)).toMatchObject({ brandName: 'Maison Test', brandSlug: 'aurele' });
  });
});
