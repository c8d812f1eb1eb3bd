import type { UploadedImage } from '../../../../api/contract/admin-wines';
import { apiUpload } from '../../../lib/api-client';

/** Where admins upload images (api/routes/images/router.ts). */
export const IMAGE_UPLOAD_URL = '/api/admin/images';

/**
 * POST /api/admin/images: uploads one image file (multipart field `image`, with the CSRF guard's header
 * `X-Vinpressen-Upload: 1`). JPEG, PNG, WebP, GIF or AVIF, at most 5 MB. Wines and logos store the answer's
 * `url` (`/api/images/{id}`, served with long-lived cache headers), never a data URL.
 * @throws ApiError with the server's Swedish message (413 too large, 415 not an image); TypeError offline
 */
export function uploadImage(file: File): Promise<UploadedImage> {
  const form = new FormData();
  form.append('image', file, file.name);
  return apiUpload<UploadedImage>(IMAGE_UPLOAD_URL, form, { 'X-Vinpressen-Upload': '1' });
}
