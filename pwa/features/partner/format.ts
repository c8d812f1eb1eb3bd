import { SUBMIT_RECOMMENDED_FIELDS, SUBMIT_REQUIRED_FIELDS } from '../../../api/contract/partner-rules';
import type { PartnerWine } from '../../../api/contract/partner';
import { formatDate } from '../../lib/dates';

// Display rules of the partner portal (spec 001 §2, §5, §9): Swedish dates, the counters of the overview and the
// submit page's readiness. Prices are written by the contract's formatKronor (api/contract/money.ts), as everywhere.

/** An ISO 8601 time as a Swedish date, e.g. '23 november 2026' (Stockholm time); '' for an unreadable value. */
export function formatSwedishDate(iso: string): string {
  return formatDate(iso, { dateStyle: 'long' });
}

/** The overview's counters (spec 001 §2 'Partner dashboard'): all wines, pending, approved, with the review mark. */
export function wineCounts(wines: readonly Pick<PartnerWine, 'approvalStatus' | 'isGranskadVinpressen'>[]) {
  return {
    total: wines.length,
    pending: wines.filter((w) => w.approvalStatus === 'pending').length,
    approved: wines.filter((w) => w.approvalStatus === 'approved').length,
    reviewed: wines.filter((w) => w.isGranskadVinpressen).length,
  };
}

type ReadinessField = (typeof SUBMIT_REQUIRED_FIELDS)[number] | (typeof SUBMIT_RECOMMENDED_FIELDS)[number];

/** The Swedish names of the fields the submit page checks. */
export const READINESS_LABELS: Readonly<Record<ReadinessField, string>> = {
  name: 'Vinnamn',
  description: 'Beskrivning',
  price: 'Pris',
  rating: 'Betyg',
  region: 'Region',
  grapeVariety: 'Druvsort',
  vintage: 'Årgång',
};

function present(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim().length > 0;
  if (typeof value === 'number') return Number.isFinite(value);
  return true;
}

/**
 * Submit readiness (spec 001 §5): name, description, price and rating are required, region, grape variety and
 * vintage only recommended. `ready` is true when every required field has a value.
 */
export function submitReadiness(wine: Omit<Pick<PartnerWine, ReadinessField>, 'price'> & { price: number | null }) {
  const required = SUBMIT_REQUIRED_FIELDS.map((field) => ({ field, label: READINESS_LABELS[field], ok: present(wine[field]) }));
  const recommended = SUBMIT_RECOMMENDED_FIELDS.map((field) => ({ field, label: READINESS_LABELS[field], ok: present(wine[field]) }));
  return { required, recommended, ready: required.every((r) => r.ok) };
}
