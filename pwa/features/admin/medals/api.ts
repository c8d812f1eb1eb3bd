import { useQuery } from '@tanstack/react-query';
import type { MedalDesign, MedalDesignCreate, MedalDesignUpdate } from '../../../../api/contract/medal-designs';
import { apiRequest } from '../../../lib/api-client';
import { adminQueryOptions, useAdminMutation } from '../api/admin-query';

export const ADMIN_MEDALS_URL = '/api/admin/medal-designs';
/** The public list's key (the /medals page): refetched after every change too. */
const PUBLIC_MEDALS_KEY = ['/api/medal-designs'];

const FAILURE = { title: 'Fel', fallback: 'Något gick fel. Försök igen.' };

/** GET /api/admin/medal-designs: every design (by category, then name), never cached. */
export function useAdminMedalDesigns() {
  return useQuery(adminQueryOptions<MedalDesign[]>(ADMIN_MEDALS_URL));
}

/**
 * The address that draws a design, made unique per version: the SVG may be cached for 5 minutes, and the
 * admin must see a change at once.
 */
export function medalPreviewUrl(design: Pick<MedalDesign, 'svgUrl' | 'updatedAt'>): string {
  return `${design.svgUrl}?v=${encodeURIComponent(design.updatedAt)}`;
}

/** POST /api/admin/medal-designs (201 → the design; 400 bad fields; 409 the id is taken, on `body.id`). */
export function useCreateMedalDesign(onSuccess: (d: MedalDesign) => void) {
  return useAdminMutation<MedalDesignCreate, MedalDesign>({
    request: (body) => apiRequest<MedalDesign>('POST', ADMIN_MEDALS_URL, body),
    invalidates: [[ADMIN_MEDALS_URL], PUBLIC_MEDALS_KEY],
    success: 'Medalj skapad',
    failure: FAILURE,
    onSuccess,
  });
}

/** PUT /api/admin/medal-designs/{id}: the changed name, category or colours (null: the category's palette). */
export function useUpdateMedalDesign(onSuccess: (d: MedalDesign) => void) {
  return useAdminMutation<{ id: string; body: MedalDesignUpdate }, MedalDesign>({
    request: ({ id, body }) => apiRequest<MedalDesign>('PUT', `${ADMIN_MEDALS_URL}/${encodeURIComponent(id)}`, body),
    invalidates: [[ADMIN_MEDALS_URL], PUBLIC_MEDALS_KEY],
    success: 'Medalj uppdaterad',
    failure: FAILURE,
    onSuccess,
  });
}

/** DELETE /api/admin/medal-designs/{id} (204; 409 'Medaljen används och kan inte tas bort.' when a wine carries it). */
export function useDeleteMedalDesign(onSuccess: () => void) {
  return useAdminMutation<MedalDesign, unknown>({
    request: (d) => apiRequest('DELETE', `${ADMIN_MEDALS_URL}/${encodeURIComponent(d.id)}`),
    invalidates: [[ADMIN_MEDALS_URL], PUBLIC_MEDALS_KEY],
    success: 'Medalj borttagen',
    failure: { title: 'Borttagning misslyckades', fallback: 'Kunde inte ta bort medaljen. Försök igen.' },
    onSuccess,
  });
}
