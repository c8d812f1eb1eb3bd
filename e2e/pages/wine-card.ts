import type { Locator } from '@playwright/test';

/** The parts of one wine card (spec 000 §2 'Wine card'). */
export function wineCardParts(card: Locator) {
  return {
    /** The name (with vintage). */
    name: card.getByRole('heading'),
    buyNow: card.getByRole('link', { name: /Köp nu/ }),
    readMore: card.getByRole('link', { name: /Läs mer/ }),
  };
}
