import { APPROVAL_STATUSES } from '../../../api/contract/constants';
import type { DeviceWine } from './device-wines';

// Mina viner's search, status filter and order, kept in the address (?tab=mina-viner&q=…&status=…&sort=…) so a
// reload, a shared link and the back button keep them.

type Status = DeviceWine['approvalStatus'];

/** The orders of Mina viner, by their ?sort= value: latest changed first (the default), name (sv-SE), status. */
export const MY_WINES_SORTS = [
  { value: 'andrad', label: 'Senast ändrad' },
  { value: 'namn', label: 'Namn' },
  { value: 'status', label: 'Status' },
] as const;
export type MyWinesSort = (typeof MY_WINES_SORTS)[number]['value'];

/** What Mina viner shows: the search text (as typed), a status or all (''), and the order. */
export interface MyWinesView {
  q: string;
  status: Status | '';
  sort: MyWinesSort;
}

/** Reads the view from the address; unknown values fall back to all statuses and the latest changed first. */
export function readMyWinesView(params: URLSearchParams): MyWinesView {
  const status = params.get('status');
  const sort = params.get('sort');
  return {
    q: params.get('q') ?? '',
    status: (APPROVAL_STATUSES as readonly string[]).includes(status ?? '') ? (status as Status) : '',
    sort: MY_WINES_SORTS.find((s) => s.value === sort)?.value ?? 'andrad',
  };
}

/** `params` with `change` applied: the defaults ('' and 'andrad') are left out of the address. */
export function writeMyWinesView(params: URLSearchParams, change: Partial<MyWinesView>): URLSearchParams {
  const next = new URLSearchParams(params);
  const view = { ...readMyWinesView(params), ...change };
  const set = (key: string, value: string, fallback: string) => (value === fallback ? next.delete(key) : next.set(key, value));
  set('q', view.q, '');
  set('status', view.status, '');
  set('sort', view.sort, 'andrad');
  return next;
}

/** Lower case without accents and with one space between words: 'Château  Rosé' → 'chateau rose'. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

const collator = new Intl.Collator('sv-SE', { sensitivity: 'base', numeric: true });

/**
 * The wines the view shows, in its order. The search matches every word typed (folded for case and accents) in the
 * name — where partners write the producer — or the region, country or grape; status keeps one status; the orders:
 * 'andrad' the latest changed first (the device's change time, the server's for synced wines), 'namn' A–Ö, 'status'
 * Utkast, Väntar, Godkänd, Avvisad, each by name. Ties keep the list's order.
 */
export function applyMyWinesView(wines: readonly DeviceWine[], view: MyWinesView): DeviceWine[] {
  const words = fold(view.q).split(' ').filter(Boolean);
  const shown = wines.filter((w) => {
    if (view.status && w.approvalStatus !== view.status) return false;
    if (!words.length) return true;
    const text = fold([w.name, w.vintage ?? '', w.region ?? '', w.country ?? '', w.grapeVariety ?? ''].join(' '));
    return words.every((word) => text.includes(word));
  });
  const byName = (a: DeviceWine, b: DeviceWine) => collator.compare(a.name, b.name);
  if (view.sort === 'namn') return shown.sort(byName);
  if (view.sort === 'status') {
    return shown.sort((a, b) => APPROVAL_STATUSES.indexOf(a.approvalStatus) - APPROVAL_STATUSES.indexOf(b.approvalStatus) || byName(a, b));
  }
  return shown.sort((a, b) => b.draft.updatedAt - a.draft.updatedAt);
}

/** A draft Mina viner can send with 'Skicka in markerade': a draft the server has, with no change still on the device. */
export function canBulkSubmit(wine: DeviceWine): boolean {
  return wine.approvalStatus === 'draft' && wine.draft.syncState === 'synced' && wine.draft.serverVersion > 0;
}
