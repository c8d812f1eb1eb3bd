import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const SECRET = 'a-production-secret-of-at-least-32-characters';

describe('loadConfig', () => {
  it('refuses production without HTTPS at start, naming what to set, instead of failing every sign-in later', () => {
    for (const env of [
      { NODE_ENV: 'production', SESSION_SECRET: SECRET },
      { NODE_ENV: 'production', SESSION_SECRET: SECRET, PUBLIC_URL: 'http://vinpressen.se', TRUST_PROXY: 'true' },
      { NODE_ENV: 'production', SESSION_SECRET: SECRET, PUBLIC_URL: 'https://vinpressen.se' },
    ]) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(/NODE_ENV=production needs HTTPS: .*PUBLIC_URL=https:\/\/… and TRUST_PROXY=true/);
    }
  });

  it('accepts production behind a TLS-terminating proxy, and development over plain HTTP', () => {
    const prod = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET, PUBLIC_URL: 'https://vinpressen.se', TRUST_PROXY: 'true' });
    expect(prod).toMatchObject({ nodeEnv: 'production', publicUrl: 'https://vinpressen.se', trustProxy: true });
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
  });

  it("reads the wine photos' source: Systembolaget's CDN by default, another address, or 'off'; anything else stops the start", () => {
    expect(loadConfig({}).winePhotos).toEqual({
      source: 'https://product-cdn.systembolaget.se/productimages',
      timeoutMs: 4000,
      cacheMaxBytes: 200 * 1024 * 1024,
    });
    expect(
      loadConfig({ WINE_PHOTO_SOURCE: 'http://127.0.0.1:4000/bilder/', WINE_PHOTO_TIMEOUT_MS: '500', WINE_PHOTO_CACHE_MB: '5' }).winePhotos,
    ).toEqual({
      source: 'http://127.0.0.1:4000/bilder',
      timeoutMs: 500,
      cacheMaxBytes: 5 * 1024 * 1024,
    });
    expect(loadConfig({ WINE_PHOTO_SOURCE: 'off' }).winePhotos.source).toBeNull();
    for (const bad of ['ftp://cdn.example/x', 'product-cdn.systembolaget.se', 'https://cdn.example/x?size=1', 'OFF']) {
      expect(() => loadConfig({ WINE_PHOTO_SOURCE: bad }), bad).toThrow(/WINE_PHOTO_SOURCE/);
    }
  });
});
