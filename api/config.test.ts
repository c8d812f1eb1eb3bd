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
});
