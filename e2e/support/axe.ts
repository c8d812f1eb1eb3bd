import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The rules the site is held to: WCAG 2.1 A and AA. */
export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core's WCAG 2.1 AA findings on the page as it stands, one line each: `label: rule (impact) at selector, …`
 * (no label: without the prefix). An empty list is a pass.
 *
 * The page is judged at rest. While axe reads it, the browser reports `prefers-reduced-motion: reduce`, which the
 * toasts honour (no fade), and finite animations are waited out first: a toast caught mid-fade has a half-transparent
 * text whose contrast axe reports, though no reader sees it that way for more than a moment. `include` limits the
 * check to one part of the page (a CSS selector).
 */
export async function axeFindings(page: Page, { label, include }: { label?: string; include?: string } = {}): Promise<string[]> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    await page.waitForFunction(() =>
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY),
    );
    let builder = new AxeBuilder({ page }).withTags(WCAG_AA);
    if (include) builder = builder.include(include);
    const { violations } = await builder.analyze();
    return violations.map((v) => `${label ? `${label}: ` : ''}${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  } finally {
    await page.emulateMedia({ reducedMotion: null });
  }
}
