import { PUBLIC_SETTINGS_KEY } from '../../../lib/api/site-settings';
import { useQuery } from '@tanstack/react-query';
import type { DefaultContentResult, DefaultContentStatus, Diagnostics, PageContent, SiteSetting } from '../../../../api/contract/admin-content';
import { apiRequest } from '../../../lib/api-client';
import { uploadImage } from '../api/upload-image';
import { adminQueryOptions, adminRawQueryOptions, useAdminMutation } from '../api/admin-query';

// Reads and writes of the content tab (spec 001 §2 'Content tab (INNEHÅLLSHANTERING)'): page contents, site
// settings and logos, diagnostics, the migration card and the logo upload.

export const PAGE_CONTENTS_URL = '/api/admin/page-contents';
export const SETTINGS_URL = '/api/admin/settings';
export const DIAGNOSTICS_URL = '/api/admin/diagnostics';
export const DEFAULT_CONTENT_URL = '/api/admin/default-content';

/** How often the diagnostics sub-tab asks again while it is open, ms (spec 001 §9: 30 s). */
export const DIAGNOSTICS_REFRESH_MS = 30_000;

/** Every page content, by pageId (GET /api/admin/page-contents, unwrapped `items`). */
export function usePageContents() {
  return useQuery(adminQueryOptions<PageContent[]>(PAGE_CONTENTS_URL));
}

/** Every site setting, by key (GET /api/admin/settings, unwrapped `items`); the screens split logos from the rest. */
export function useSiteSettings() {
  return useQuery(adminQueryOptions<SiteSetting[]>(SETTINGS_URL));
}

/** Whether the migration card shows and what it creates (GET /api/admin/default-content). */
export function useDefaultContentStatus() {
  return useQuery(adminRawQueryOptions<DefaultContentStatus>(DEFAULT_CONTENT_URL));
}

/** Diagnostics, asked again every 30 s while shown (spec 001 §2 'Diagnostics'). */
export function useDiagnostics() {
  return useQuery({
    ...adminRawQueryOptions<Diagnostics>(DIAGNOSTICS_URL),
    refetchInterval: DIAGNOSTICS_REFRESH_MS,
    retry: false,
  });
}

/**
 * What the settings and logo lists depend on: a write to either changes the migration card too, and what the public
 * pages show (PUBLIC_SETTINGS_KEY: the masthead, the footer, the newsletter box).
 */
const SETTINGS_KEYS = [[SETTINGS_URL], [DEFAULT_CONTENT_URL], [...PUBLIC_SETTINGS_KEY]];

const settingUrl = (key: string) => `${SETTINGS_URL}/${encodeURIComponent(key)}`;

/** The body of PUT /api/admin/settings/{key}; the description is kept when left out. */
export interface SettingWrite {
  key: string;
  value: string;
  description?: string;
}

/**
 * Saves one setting's value (PUT /api/admin/settings/{key}): toast 'Inställningen sparad', or 'Fel vid uppdatering'
 * with the server's Swedish message; the field messages are read from the error by the caller (`fieldErrors`).
 */
export function useSaveSetting(successTitle = 'Inställningen sparad') {
  return useAdminMutation<SettingWrite, SiteSetting>({
    request: ({ key, ...body }) => apiRequest<SiteSetting>('PUT', settingUrl(key), body),
    invalidates: SETTINGS_KEYS,
    success: successTitle,
    failure: { title: 'Fel vid uppdatering', fallback: 'Inställningen kunde inte sparas. Försök igen.' },
  });
}

/** Adds a new setting (the same PUT, which creates a key that does not exist yet): toast 'Inställningen tillagd'. */
export function useCreateSetting() {
  return useAdminMutation<SettingWrite, SiteSetting>({
    request: ({ key, ...body }) => apiRequest<SiteSetting>('PUT', settingUrl(key), body),
    invalidates: SETTINGS_KEYS,
    success: 'Inställningen tillagd',
    failure: { title: 'Fel vid skapande', fallback: 'Inställningen kunde inte läggas till. Försök igen.' },
  });
}

/** Deletes a setting (DELETE /api/admin/settings/{key}): toast 'Inställningen borttagen'. */
export function useDeleteSetting() {
  return useAdminMutation<string, null>({
    request: (key) => apiRequest<null>('DELETE', settingUrl(key)),
    invalidates: SETTINGS_KEYS,
    success: 'Inställningen borttagen',
    failure: { title: 'Borttagning misslyckades', fallback: 'Inställningen kunde inte tas bort. Försök igen.' },
  });
}

/**
 * 'Migrera data nu' (POST /api/admin/default-content): creates 5 pages, 14 settings and 1 article; the toast
 * carries the server's summary and every content list is read again.
 */
export function useMigrateDefaultContent() {
  return useAdminMutation<void, DefaultContentResult>({
    request: () => apiRequest<DefaultContentResult>('POST', DEFAULT_CONTENT_URL),
    invalidates: [[DEFAULT_CONTENT_URL], [PAGE_CONTENTS_URL], [SETTINGS_URL]],
    success: (result) => result.message,
    failure: { title: 'Migreringen misslyckades', fallback: 'Standardinnehållet kunde inte skapas. Försök igen.' },
  });
}

/**
 * 'Ladda upp ny logotyp': uploads the file, then stores its address in the logo setting `key` (the button that
 * did nothing in the original; architecture 'Where the spec shows a defect'). Toast 'Logotypen uppladdad'.
 */
export function useUploadLogo() {
  return useAdminMutation<{ key: string; file: File }, SiteSetting>({
    request: async ({ key, file }) => {
      const image = await uploadImage(file);
      return apiRequest<SiteSetting>('PUT', settingUrl(key), { value: image.url });
    },
    invalidates: SETTINGS_KEYS,
    success: 'Logotypen uppladdad',
    failure: { title: 'Uppladdningen misslyckades', fallback: 'Logotypen kunde inte laddas upp. Försök igen.' },
  });
}
