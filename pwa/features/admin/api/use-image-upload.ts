import { useState, type ChangeEvent } from 'react';
import { ADMIN_WINE_MESSAGES, IMAGE_MAX_BYTES } from '../../../../api/contract/admin-wines';
import { isNetworkError } from '../../../lib/api-client';
import { errorText } from './admin-query';
import { uploadImage } from './upload-image';

/** Shown when a chosen file is not an image at all (the server judges the exact type by the file's content). */
export const NOT_AN_IMAGE = 'Välj en bildfil (JPEG, PNG, WebP, GIF eller AVIF).';

/**
 * The upload behind every admin image field (wines, experts, logos in blocks, an article's featured image): a
 * chosen file is checked (an image, at most 5 MB), uploaded to POST /api/admin/images, and its URL
 * (/api/images/{id}) handed to `onUploaded`. Returns the file input's change handler, whether an upload runs, and
 * the Swedish message of a refused or failed one (cleared by `clearError`, e.g. when the address is typed).
 */
export function useImageUpload({ onUploaded, onBusyChange }: { onUploaded: (url: string) => void; onBusyChange?: (busy: boolean) => void }) {
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);

  async function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again uploads it again.
    event.target.value = '';
    if (!file) return;
    if (file.type && !file.type.startsWith('image/')) return setUploadError(NOT_AN_IMAGE);
    if (file.size > IMAGE_MAX_BYTES) return setUploadError(ADMIN_WINE_MESSAGES.imageTooLarge);
    setUploadError(null);
    setUploading(true);
    onBusyChange?.(true);
    try {
      onUploaded((await uploadImage(file)).url);
    } catch (err) {
      setUploadError(
        isNetworkError(err) ? 'Ingen anslutning. Bilden laddades inte upp.' : errorText(err, 'Kunde inte ladda upp bilden. Försök igen.'),
      );
    } finally {
      setUploading(false);
      onBusyChange?.(false);
    }
  }

  return { handleFile, uploading, uploadError, clearError: () => setUploadError(null) };
}
