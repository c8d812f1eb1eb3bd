import type { SliderItem } from '../contract/wines';
import type { DbPublicWineRow } from '../queries/wines';
import { presentWine } from './wine';
import type { DbSliderRow } from '../queries/slider';

/** A home-page slider item (spec 000 §7 GET /api/slider-wines): the entry's id, label and position 1–10, and its wine. */
export function presentSliderItem(row: DbSliderRow & DbPublicWineRow): SliderItem {
  return { id: row.slider_id, label: row.slider_label, position: row.slider_position, wine: presentWine(row) };
}
