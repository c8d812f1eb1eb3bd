import { type UploadedImage, imageUrlFor } from '../contract/admin-wines';
import type { DbImageMeta } from '../queries/images';

/** An uploaded image's API view: id, its URL /api/images/{id}, type, size in bytes and pixels. */
export function presentImage(image: DbImageMeta): UploadedImage {
  return {
    id: image.id,
    url: imageUrlFor(image.id),
    contentType: image.content_type,
    byteSize: image.byte_size,
    width: image.width,
    height: image.height,
  };
}
