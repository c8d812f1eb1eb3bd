import type { SliderItem } from '../contract/wines';
import type { DbPublicWineRow } from '../queries/wines';
import { type PublicWineOptions, presentWine } from './wine';
import type { DbSliderRow } from '../queries/slider';
import type { DbWinePriceHistoryRow } from '../queries/wine-prices';

/**
 * A home-page slider item (spec 000 §7 GET /api/slider-wines): the entry's id, label and position 1–10, and its wine
 * with its earlier prices (`history`: wine_price_history rows, any wines; this wine's are picked) and its photo (`options`).
 */
export function presentSliderItem(
  row: DbSliderRow & DbPublicWineRow,
  history: DbWinePriceHistoryRow[] = [],
  options: PublicWineOptions = {},
): SliderItem {
  const own = history.filter((h) => h.wine_id === row.id);
  return { id: row.slider_id, label: row.slider_label, position: row.slider_position, wine: presentWine(row, own, options) };
}
