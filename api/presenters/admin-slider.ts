import type { AdminSliderEntry } from '../contract/admin-slider';
import { presentWineSummary } from './wine';
import type { DbSliderEntryWithWine } from '../queries/admin-slider';

/**
 * The admin view of a slider entry (spec 001 §3 'Slider entry'): the entry's fields and its wine as a card
 * (WineSummary's allow-list) plus the wine's approval status. Nothing else of the rows leaves.
 */
export function presentAdminSliderEntry(row: DbSliderEntryWithWine): AdminSliderEntry {
  return {
    id: row.entry_id,
    year: row.entry_year,
    month: row.entry_month,
    position: row.entry_position,
    label: row.entry_label,
    wineId: row.id,
    wine: { ...presentWineSummary(row), approvalStatus: row.approval_status },
    createdAt: row.entry_created_at.toISOString(),
    updatedAt: row.entry_updated_at.toISOString(),
  };
}
