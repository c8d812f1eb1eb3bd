import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { PartnerWine, PartnerWineList } from '../../../api/contract/partner';
import { apiRequest } from '../../lib/api-client';
import { db, type Draft } from '../../lib/db';
import { mirrorServerWines } from './outbox/outbox';
import { useSyncEngineState } from './outbox/runtime';
import { PARTNER_WINES_KEY } from './api';

// The partner's wines as the device has them: Mina viner, the overview's counters, the form and the submit
// page read the drafts in IndexedDB, so they open offline and show changes not yet sent. Online, GET
// /api/partner/wines refreshes them (mirrorServerWines keeps every queued change).

/**
 * A wine on the device in the card's shape: the draft's values (price may still be empty in an offline draft, SEK),
 * the server's facts (mark, medal, reason of a rejection) and the draft itself for its sync badge.
 */
export type DeviceWine = Omit<PartnerWine, 'price' | 'version' | 'updatedAt'> & { price: number | null; draft: Draft };

/** A draft as a DeviceWine. */
export function deviceWine(draft: Draft): DeviceWine {
  return {
    id: draft.id,
    ...draft.values,
    approvalStatus: draft.approvalStatus,
    isGranskadVinpressen: draft.server?.isGranskadVinpressen ?? false,
    medal: draft.server?.medal ?? null,
    rejectionReason: draft.server?.rejectionReason ?? null,
    createdAt: draft.server?.createdAt ?? new Date(draft.updatedAt).toISOString(),
    submittedAt: draft.server?.submittedAt ?? null,
    draft,
  };
}

/** Newest first, as GET /api/partner/wines lists them; wines not yet on the server (no createdAt there) on top. */
function newestFirst(a: Draft, b: Draft): number {
  const at = (d: Draft) => (d.server?.createdAt ? Date.parse(d.server.createdAt) : Number.MAX_SAFE_INTEGER);
  return at(b) - at(a) || b.updatedAt - a.updatedAt;
}

/** GET /api/partner/wines → {items, total}, mirrored into the device's drafts before it resolves. */
function serverWinesQuery(userId: string) {
  return queryOptions({
    queryKey: PARTNER_WINES_KEY,
    queryFn: async () => {
      const list = await apiRequest<PartnerWineList>('GET', '/api/partner/wines');
      await mirrorServerWines(userId, list.items);
      return list;
    },
  });
}

/**
 * The signed-in partner's wines from the device, refreshed from the server when online.
 * @returns wines: undefined while the device is read or, with nothing on it yet, the first server answer is awaited;
 *   refresh: the server query (its error matters only when the device has nothing to show)
 */
export function useDeviceWines(userId: string) {
  const refresh = useQuery(serverWinesQuery(userId));
  // After each push the list is read again: an applied change moves the device's version past edits another device
  // made to other fields, whose values the device only learns from the list.
  const { pushing } = useSyncEngineState();
  const wasPushing = useRef(false);
  const { refetch } = refresh;
  useEffect(() => {
    if (wasPushing.current && !pushing) void refetch();
    wasPushing.current = pushing;
  }, [pushing, refetch]);
  // A deleted draft is gone for the partner at once, though its deletion may still wait to be sent.
  const drafts = useLiveQuery(
    async () =>
      (
        await db.drafts
          .where('userId')
          .equals(userId)
          .filter((d) => !d.deleted)
          .toArray()
      ).sort(newestFirst),
    [userId],
  );
  const waiting = drafts === undefined || (drafts.length === 0 && refresh.isPending);
  return { wines: waiting ? undefined : drafts.map(deviceWine), refresh };
}

/**
 * One of the partner's wines from the device (the form and the submit page). When the device doesn't have it yet
 * the wines list is fetched (and mirrored) first.
 * @returns draft: undefined while loading, null when neither the device nor the server has it (or it is another
 *   account's, or deleted); refresh: the list query, whose error explains a null when offline
 */
export function useDeviceDraft(userId: string, id: string) {
  const draft = useLiveQuery(async () => {
    const found = await db.drafts.get(id);
    return found && found.userId === userId && !found.deleted ? found : null;
  }, [userId, id]);
  const refresh = useQuery({ ...serverWinesQuery(userId), enabled: draft === null });
  const loading = draft === undefined || (draft === null && refresh.isPending && refresh.fetchStatus !== 'idle');
  return { draft: loading ? undefined : (draft ?? null), refresh };
}
