import { useId, useState } from 'react';
import type { UploadedImage } from '../../../api/contract/admin-wines';
import { ApiError, apiUpload, isNetworkError } from '../../lib/api-client';
import { toast } from '../../lib/toast';

// The wine form's photo (README.md 'Partner portal'): a picture taken with the phone's camera or picked from the
// device becomes the wine's image. It is made smaller on the device first, so a 12-megapixel photo goes up as a few
// hundred kB instead of several MB, then stored by POST /api/partner/images; the form keeps its URL.

/** Where a partner's photo is uploaded (api/routes/images/router.ts). */
export const PARTNER_IMAGE_UPLOAD_URL = '/api/partner/images';
/** The longest side of an uploaded photo, in px. */
export const PHOTO_MAX_SIDE_PX = 1600;
/** JPEG quality of an uploaded photo (0–1). */
const PHOTO_QUALITY = 0.85;

/** A photo's size scaled to fit PHOTO_MAX_SIDE_PX on its longest side (never enlarged), in whole px. */
export function fittedSize(width: number, height: number, maxSide = PHOTO_MAX_SIDE_PX): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * An image file (a camera photo, any format the browser decodes) as a JPEG of at most PHOTO_MAX_SIDE_PX a side,
 * turned upright by its EXIF orientation (createImageBitmap's imageOrientation 'from-image'), on a white background.
 * @throws Error with a Swedish message when the browser can't decode the file
 */
export async function resizePhoto(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new Error('Bilden kunde inte läsas. Välj en JPEG-, PNG- eller WebP-bild.');
  }
  const { width, height } = fittedSize(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Bilden kunde inte förminskas på enheten.');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', PHOTO_QUALITY));
  if (!blob) throw new Error('Bilden kunde inte förminskas på enheten.');
  return blob;
}

/** POST /api/partner/images with the photo in the field 'image' → its stored image ({id, url, …}). */
export function uploadPartnerPhoto(photo: Blob): Promise<UploadedImage> {
  const form = new FormData();
  form.append('image', photo, 'foto.jpg');
  return apiUpload<UploadedImage>(PARTNER_IMAGE_UPLOAD_URL, form, { 'X-Vinpressen-Upload': '1' });
}

const buttonClass =
  'btn-outline cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-wine peer-disabled:cursor-not-allowed peer-disabled:opacity-50';

/**
 * 'Ta foto' (the camera, on touch screens: capture="environment") and 'Välj bild' (the device's pictures): the chosen
 * picture is resized (resizePhoto), uploaded, and its URL handed to `onUploaded`; a preview of `value` when it is an
 * image. Needs a connection: offline it says so and keeps the form as it is.
 */
export function WinePhotoPicker({ value, onUploaded }: { value: string; onUploaded: (url: string) => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);

  async function take(file: File | undefined) {
    if (!file) return;
    if (!navigator.onLine) {
      toast.error('Ingen anslutning', { id: 'wine-photo', description: 'Bilden kan laddas upp när du är online igen.' });
      return;
    }
    setBusy(true);
    try {
      const image = await uploadPartnerPhoto(await resizePhoto(file));
      onUploaded(image.url);
      toast.success('Bilden är uppladdad', { id: 'wine-photo', description: 'Den sparas med vinet när du sparar formuläret.' });
    } catch (err) {
      const description = isNetworkError(err)
        ? 'Ingen anslutning. Bilden laddades inte upp.'
        : err instanceof ApiError && err.serverMessage
          ? err.serverMessage
          : err instanceof Error
            ? err.message
            : 'Bilden kunde inte laddas upp.';
      toast.error('Bilden laddades inte upp', { id: 'wine-photo', description });
    } finally {
      setBusy(false);
    }
  }

  const input = (suffix: string, capture: boolean) => (
    <input
      id={`${id}-${suffix}`}
      type="file"
      accept="image/*"
      {...(capture ? { capture: 'environment' as const } : {})}
      disabled={busy}
      className="peer sr-only"
      onChange={(e) => {
        void take(e.target.files?.[0]);
        e.target.value = '';
      }}
    />
  );

  return (
    <div className="flex flex-wrap items-center gap-3">
      {value && /^(\/api\/images\/|https:\/\/)/.test(value) && (
        <img src={value} alt="Vinets bild" className="h-20 w-16 border border-rule bg-white object-contain" />
      )}
      <span className="hidden pointer-coarse:inline-flex">
        {input('camera', true)}
        <label htmlFor={`${id}-camera`} className={buttonClass}>
          Ta foto
        </label>
      </span>
      <span className="inline-flex">
        {input('file', false)}
        <label htmlFor={`${id}-file`} className={buttonClass}>
          Välj bild
        </label>
      </span>
      <span className="font-sans text-sm text-ink-soft" aria-live="polite">
        {busy ? 'Förminskar och laddar upp…' : ''}
      </span>
    </div>
  );
}
