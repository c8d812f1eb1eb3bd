import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import type { Knex } from 'knex';
import { ADMIN_WINE_MESSAGES as M, IMAGE_CONTENT_TYPES, IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE_PX, type ImageContentType } from '../contract/admin-wines';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../lib/http-errors';
import type { DbUserRow } from '../queries/users';
import { recordAudit } from '../queries/audit-log';
import { insertImage, type DbImageMeta } from '../queries/images';

/**
 * Width and height in pixels as the image's header declares them (image-size reads the header only; nothing is
 * decoded), held to IMAGE_MAX_SIDE_PX per side and IMAGE_MAX_PIXELS in all (api/contract/admin-wines.ts).
 * @throws HttpError 413 `image_dimensions_too_large` over the limit; 400 `validation_failed` when the header declares
 *   no readable size (the limit could not be checked)
 */
function checkedDimensions(bytes: Buffer): { width: number; height: number } {
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = imageSize(bytes));
  } catch {
    // unreadable: refused below
  }
  if (!width || !height) throw badRequest(M.imageDimensionsUnreadable);
  if (width > IMAGE_MAX_SIDE_PX || height > IMAGE_MAX_SIDE_PX || width * height > IMAGE_MAX_PIXELS) {
    throw payloadTooLarge('image_dimensions_too_large', M.imageDimensions);
  }
  return { width, height };
}

const KIND_LABELS: Record<ImageContentType, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
  'image/avif': 'AVIF',
};

/**
 * Stores an uploaded image (at most IMAGE_MAX_BYTES, checked by the upload middleware) after the checks of
 * api/contract/admin-wines.ts: its type judged by its content (JPEG, PNG, WebP, GIF or AVIF), its declared size
 * within the pixel limits. The same bytes again give the stored image (`created: false`). An admin's upload is audited
 * as 'image.upload' (admin_audit_log records admin writes); a partner's (the wine form's photo) is not, its row keeps
 * the partner as created_by.
 * @throws 415 unsupported type; 413 image_dimensions_too_large; 400 no readable size
 */
export async function storeImage(db: Knex, actor: DbUserRow, bytes: Buffer): Promise<{ image: DbImageMeta; created: boolean }> {
  const detected = await fileTypeFromBuffer(bytes);
  const contentType = IMAGE_CONTENT_TYPES.find((t) => t === detected?.mime);
  if (!contentType) throw unsupportedMediaType(M.imageType);
  const size = checkedDimensions(bytes);
  return db.transaction(async (trx) => {
    const stored = await insertImage(trx, {
      contentType,
      bytes,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      ...size,
      createdBy: actor.id,
    });
    if (actor.role !== 'admin') return stored;
    const kb = Math.max(1, Math.round(bytes.length / 1024));
    await recordAudit(trx, actor, {
      action: 'image.upload',
      entityType: 'image',
      entityId: stored.image.id,
      summary: `Laddade upp en bild (${KIND_LABELS[contentType]}, ${kb} kB)`,
    });
    return stored;
  });
}
