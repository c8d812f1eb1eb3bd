import { ADMIN_WINE_MESSAGES as M, IMAGE_MAX_BYTES, ImageIdParams, UploadedImage, imageUrlFor } from '../../contract/admin-wines';
import { z } from 'zod';
import { ErrorBody } from '../../contract/errors';
import { WINE_PHOTO_MESSAGES as PM, WINE_PHOTO_PATH, isWineDrawing, readWinePhotoFile } from '../../contract/wine-photos';
import { HttpError, badRequest, notFound } from '../../lib/http-errors';
import { singleFileUpload } from '../../lib/multipart';
import { defineRoute } from '../../lib/route';
import type { AppRouter } from '../../lib/router';
import { presentImage } from '../../presenters/images';
import { findImageBytes, findImageMeta } from '../../queries/images';
import { storeImage } from '../../services/images';

const error = (description: string) => ({ description, schema: ErrorBody });

/** The upload path; the CSRF guard must list it as a multipart path (api/app.ts). */
export const IMAGE_UPLOAD_PATH = '/api/admin/images';
/** The partners' upload path (the wine form's photo), the same rules; also a multipart path of the CSRF guard. */
export const PARTNER_IMAGE_UPLOAD_PATH = '/api/partner/images';
/** What a multipart request may carry besides the image: boundaries, part headers, a few small fields. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const imageNotFound = () => notFound('image', M.imageNotFound);
const photoNotFound = () => notFound('wine_photo', PM.notFound);

/** A photo address's file part, `{productId}_{size}.{format}`, read by the contract's rule (readWinePhotoFile). */
const WinePhotoFileSchema = z.string().transform((file, ctx) => {
  const read = readWinePhotoFile(file);
  if ('photo' in read) return read.photo;
  for (const issue of read.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
});

/** How long a browser may keep a bottle photo without asking again: 30 days (the address names a product, not its bytes). */
const PHOTO_MAX_AGE_S = 30 * 24 * 60 * 60;

/** `?fallback=`: the wine's drawing (one of WINE_DRAWINGS, nothing else: no open redirect) to send the browser to instead of an error. */
const WinePhotoQuery = z.object({
  fallback: z
    .string()
    .refine(isWineDrawing, PM.badFallback)
    .optional()
    .meta({ description: "The wine's drawing, e.g. /images/drawings/white.svg", example: '/images/drawings/white.svg' }),
});

/**
 * How long a redirect to the drawing may be kept: an hour when the source has no photo (or photos are off), not at all
 * when it failed this once (a timeout, a bad answer), so the photo is asked for again next time.
 */
const FALLBACK_CACHE_CONTROL = { missing: 'public, max-age=3600', failed: 'no-store' } as const;

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
 * - POST /api/partner/images (partners): the same upload for a partner wine's photo (the wine form's 'Ta foto' /
 *   'Välj bild', resized on the device first), not audited; the wine then names it as imageUrl /api/images/{id}.
 * - GET /api/images/:id (public): the bytes with their type; immutable for a year (the content never changes under
 *   an id), a strong ETag (the sha256) and 304 on If-None-Match; `X-Content-Type-Options: nosniff`.
 * - GET /api/images/systembolaget/{productId}_{size}.{format} (public): a wine's bottle photo from the configured source
 *   through our origin (docs/wine-photos.md, api/lib/wine-photos.ts). 400 for a malformed address (productId digits
 *   only, size and format from api/contract/wine-photos.ts); 404 when the source has none or is 'off'; 504 when it
 *   takes longer than WINE_PHOTO_TIMEOUT_MS, 502 when it answers with anything but an image. 30 days' Cache-Control
 *   (not immutable: a product's photo may be replaced), a strong ETag (the bytes' sha256) and 304 on If-None-Match.
 */
export function imageRoutes(router: AppRouter): void {
  defineUploadRoute(router, {
    path: IMAGE_UPLOAD_PATH,
    summary:
      "Upload an image (multipart/form-data, field 'image', header 'X-Vinpressen-Upload: 1'; JPEG, PNG, WebP, GIF or AVIF, at most 5 MB); answers its URL /api/images/{id}",
    role: 'admin',
    forbidden: 'Not an admin, or not sent from the site (CSRF guard)',
  });

  defineUploadRoute(router, {
    path: PARTNER_IMAGE_UPLOAD_PATH,
    summary:
      "Upload a wine photo as a partner (multipart/form-data, field 'image', header 'X-Vinpressen-Upload: 1'; JPEG, PNG, WebP, GIF or AVIF, at most 5 MB); answers its URL /api/images/{id} for the wine's imageUrl",
    role: 'partner',
    forbidden: 'Not a partner, or not sent from the site (CSRF guard)',
  });

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

  defineRoute(
    router,
    {
      method: 'get',
      path: `${WINE_PHOTO_PATH}/:file`,
      summary:
        "A wine's bottle photo from Systembolaget through our origin: file '{productId}_{size}.{format}', productId digits, size 100, 200, 300, 400, 500, 600 or 800 px, format png, webp, jpg or avif (cached 30 days, strong ETag, 304 on If-None-Match)",
      tags: ['images'],
      // Checked in the handler: a malformed photo address is bad input (400), not an unknown id.
      params: z.object({ file: z.string().meta({ example: '24594663_200.png' }) }),
      query: WinePhotoQuery,
      responses: {
        200: { description: 'The photo bytes (image/png, image/webp, image/jpeg or image/avif, judged by the bytes)' },
        302: { description: "With ?fallback=: no photo to be had (404, 502 or 504 below), so the wine's drawing instead" },
        304: { description: 'Not modified (If-None-Match matched)' },
        400: error(
          'Not {productId}_{size}.{format}: productId not digits, an unknown size or format (details name each part); a fallback that is not a drawing',
        ),
        404: error('The source has no photo of this product, or photos are off (WINE_PHOTO_SOURCE=off): the page draws the wine instead'),
        502: error('The source answered with something that is no usable image'),
        504: error('The source did not answer within WINE_PHOTO_TIMEOUT_MS'),
      },
    },
    async (ctx) => {
      const parsed = WinePhotoFileSchema.safeParse(ctx.state.input.params.file);
      if (!parsed.success) {
        const details = parsed.error.issues.map((i) => ({ path: ['params', 'file', ...i.path.map(String)].join('.'), message: i.message }));
        throw badRequest(details.length === 1 ? details[0]!.message : PM.badFile, details);
      }
      const { fallback } = ctx.state.input.query;
      const outcome = ctx.winePhotos ? await ctx.winePhotos.get(parsed.data) : ({ kind: 'missing' } as const);
      if (outcome.kind !== 'photo' && fallback) {
        ctx.set('Cache-Control', FALLBACK_CACHE_CONTROL[outcome.kind === 'missing' ? 'missing' : 'failed']);
        ctx.redirect(fallback);
        return;
      }
      const result = outcome;
      if (result.kind === 'timeout') throw new HttpError(504, 'wine_photo_timeout', PM.timeout);
      if (result.kind === 'failed') throw new HttpError(502, 'wine_photo_failed', PM.failed);
      if (result.kind !== 'photo') throw photoNotFound();
      const { photo } = result;
      ctx.set('Cache-Control', `public, max-age=${PHOTO_MAX_AGE_S}`);
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.etag = photo.etag; // Koa quotes it: a strong validator
      ctx.type = photo.contentType;
      ctx.status = 200;
      if (ctx.fresh) {
        ctx.status = 304;
        return;
      }
      ctx.body = photo.bytes;
      ctx.type = photo.contentType; // setting a Buffer body would otherwise default the type to octet-stream
    },
  );
}

/**
 * One of the two upload routes (admins' and partners'): the same checks (upload.middleware), the same store
 * (storeImage: the same bytes again give the same image, 200 instead of 201) and answer; only who may upload differs.
 */
function defineUploadRoute(router: AppRouter, opts: { path: string; summary: string; role: 'admin' | 'partner'; forbidden: string }): void {
  defineRoute(
    router,
    {
      method: 'post',
      path: opts.path,
      summary: opts.summary,
      tags: [opts.role, 'images'],
      access: [opts.role],
      responses: {
        200: { description: 'The same image had been uploaded before: that image', schema: UploadedImage },
        201: { description: 'Stored', schema: UploadedImage },
        400: error('No file in the field image, more than one file, an unreadable upload, or no readable width and height'),
        401: error('Not signed in'),
        403: error(opts.forbidden),
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
}
