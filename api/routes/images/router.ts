import { ADMIN_WINE_MESSAGES as M, IMAGE_MAX_BYTES, ImageIdParams, UploadedImage, imageUrlFor } from '../../contract/admin-wines';
import { ErrorBody } from '../../contract/errors';
import { notFound } from '../../lib/http-errors';
import { singleFileUpload } from '../../lib/multipart';
import { defineRoute } from '../../lib/route';
import type { AppRouter } from '../../lib/router';
import { presentImage } from '../../presenters/images';
import { findImageBytes, findImageMeta } from '../../queries/images';
import { storeImage } from '../../services/images';

const error = (description: string) => ({ description, schema: ErrorBody });

/** The upload path; the CSRF guard must list it as a multipart path (api/app.ts). */
export const IMAGE_UPLOAD_PATH = '/api/admin/images';
/** What a multipart request may carry besides the image: boundaries, part headers, a few small fields. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const imageNotFound = () => notFound('image', M.imageNotFound);

const upload = singleFileUpload({
  field: 'image',
  maxBytes: IMAGE_MAX_BYTES,
  overheadBytes: MULTIPART_OVERHEAD_BYTES,
  messages: { tooLarge: M.imageTooLarge, onlyOne: M.imageOnlyOne, missing: M.imageRequired, unreadable: M.imageUnreadable },
});

/**
 * Images kept in Postgres (an uploaded wine photo is not a data URL inside the wine row):
 * - POST /api/admin/images (admins): multipart/form-data with one file in the field `image` and the header
 *   `X-Vinpressen-Upload: 1` (the CSRF guard's rule for upload paths). At most 5 MB (413); JPEG, PNG, WebP, GIF or
 *   AVIF judged by the file's content, not its name or declared type (415); at most 8000 px per side and 40 megapixels
 *   as its header declares (413; 400 when the header has no readable size), checked before anything is stored. The same bytes uploaded again give the
 *   same image (200 instead of 201). Audited as 'image.upload'. The logo settings reuse it.
 * - GET /api/images/:id (public): the bytes with their type; immutable for a year (the content never changes under
 *   an id), a strong ETag (the sha256) and 304 on If-None-Match; `X-Content-Type-Options: nosniff`.
 */
export function imageRoutes(router: AppRouter): void {
  defineRoute(
    router,
    {
      method: 'post',
      path: IMAGE_UPLOAD_PATH,
      summary:
        "Upload an image (multipart/form-data, field 'image', header 'X-Vinpressen-Upload: 1'; JPEG, PNG, WebP, GIF or AVIF, at most 5 MB); answers its URL /api/images/{id}",
      tags: ['admin', 'images'],
      access: ['admin'],
      responses: {
        200: { description: 'The same image had been uploaded before: that image', schema: UploadedImage },
        201: { description: 'Stored', schema: UploadedImage },
        400: error('No file in the field image, more than one file, an unreadable upload, or no readable width and height'),
        401: error('Not signed in'),
        403: error('Not an admin, or not sent from the site (CSRF guard)'),
        413: error('Larger than 5 MB, or more than 8000 px per side or 40 megapixels'),
        415: error('Not a JPEG, PNG, WebP, GIF or AVIF image; or not multipart/form-data with the upload header'),
      },
    },
    ...upload.middleware,
    async (ctx) => {
      const { bytes } = upload.readFile(ctx);

      const { image, created } = await storeImage(ctx.db, ctx.state.user, bytes);
      ctx.status = created ? 201 : 200;
      ctx.set('Location', imageUrlFor(image.id));
      ctx.set('Cache-Control', 'no-store');
      ctx.body = presentImage(image);
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/images/:id',
      summary: 'An uploaded image (its bytes; cached for a year, strong ETag, 304 on If-None-Match)',
      tags: ['images'],
      params: ImageIdParams,
      responses: {
        200: { description: 'The image bytes (image/jpeg, image/png, image/webp, image/gif or image/avif)' },
        304: { description: 'Not modified (If-None-Match matched)' },
        404: error('No such image'),
      },
    },
    async (ctx) => {
      const id = ctx.state.input.params.id;
      const meta = await findImageMeta(ctx.db, id);
      if (!meta) throw imageNotFound();
      ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.etag = meta.sha256; // Koa quotes it: a strong validator
      ctx.type = meta.content_type;
      ctx.status = 200;
      // A revalidation needs no bytes: answer 304 from the row's facts alone.
      if (ctx.fresh) {
        ctx.status = 304;
        return;
      }
      const bytes = await findImageBytes(ctx.db, id);
      if (!bytes) throw imageNotFound();
      ctx.body = bytes;
      ctx.type = meta.content_type; // setting a Buffer body would otherwise default the type to octet-stream
    },
  );
}
