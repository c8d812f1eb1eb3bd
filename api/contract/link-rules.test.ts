import { describe, expect, it } from 'vitest';
import { isSafeLink } from './link-rules';

// The one link rule (api/contract/link-rules.ts): only http(s), mailto and addresses on the site itself.

/** Addresses that look like site paths (or are nearly URLs) but take a browser to another site. */
const OFF_SITE_LINKS = [
  '//evil.example',
  '/\\evil.example',
  '/\\/evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  ' //evil.example',
  '\t//evil.example',
  '\n//evil.example',
  '\u0000//evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/ /evil.example',
  '/\u0000/evil.example',
  '///evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'https:evil.example',
  'https:/evil.example',
  'https:\\\\evil.example',
  'http://',
  'mailto:',
  'evil.example',
  '',
];

describe('the link rule', () => {
  it('refuses every address that leaves the site in disguise, or is no address', () => {
    for (const link of OFF_SITE_LINKS) expect(isSafeLink(link, { fragments: true }), JSON.stringify(link)).toBe(false);
  });

  it('allows site paths, http(s) and mailto', () => {
    for (const link of [
      '/',
      '/fynd',
      '/wine/7d9f0a52-3c1e-5b7a-9e4f-0a1b2c3d4e5f',
      '/artiklar?sida=2#topp',
      '/api/images/5b1c',
      'https://www.systembolaget.se/produkt/vin/1',
      'HTTP://example.se',
      'mailto:info@vinpressen.se',
    ]) {
      expect(isSafeLink(link), link).toBe(true);
    }
  });

  it('allows a fragment only where asked, and narrows schemes and site paths where asked', () => {
    expect(isSafeLink('#')).toBe(false);
    expect(isSafeLink('#recept', { fragments: true })).toBe(true);
    expect(isSafeLink('#re cept', { fragments: true })).toBe(false);
    expect(isSafeLink('http://example.se/a.png', { schemes: ['https:'] })).toBe(false);
    expect(isSafeLink('mailto:a@b.se', { schemes: ['http:', 'https:'] })).toBe(false);
    expect(isSafeLink('/fynd', { sitePaths: false })).toBe(false);
    expect(isSafeLink('https://example.se', { sitePaths: false })).toBe(true);
  });
});
