// Systembolaget's bottle photos, served through our own origin (docs/wine-photos.md): the address, its sizes and formats.
// The API's proxy (api/routes/images/) and the PWA's WineImage (pwa/components/wine/wine-image.tsx) read the same rule.

/** Where the photos are served on our origin: `/api/images/systembolaget/{productId}_{size}.{format}`. */
export const WINE_PHOTO_PATH = '/api/images/systembolaget';

/** The photo sizes Systembolaget's image CDN is reported to serve and the proxy passes on, px (docs/wine-photos.md). */
export const WINE_PHOTO_SIZES = [100, 200, 300, 400, 500, 600, 800] as const;
export type WinePhotoSize = (typeof WINE_PHOTO_SIZES)[number];

/** The formats (file extensions) the proxy passes on, with the content type each one is. */
export const WINE_PHOTO_FORMATS = { png: 'image/png', webp: 'image/webp', jpg: 'image/jpeg', avif: 'image/avif' } as const;
export type WinePhotoFormat = keyof typeof WINE_PHOTO_FORMATS;

/** Systembolaget's product ids are digits only (db/data/README.md, `productId`). */
const PRODUCT_ID = /^\d{1,12}$/;

export const WINE_PHOTO_MESSAGES = {
  badFile: 'Bildadressen ska vara {produkt-id}_{storlek}.{format}, t.ex. 24594663_200.png.',
  badProductId: 'Produkt-id får bara innehålla siffror (högst 12).',
  // Plain strings (the sizes and formats above written out): nothing here is computed, so the PWA's bundle drops it all.
  badSize: 'Storleken ska vara en av 100, 200, 300, 400, 500, 600, 800.',
  badFormat: 'Formatet ska vara ett av png, webp, jpg, avif.',
  notFound: 'Det finns ingen bild av vinet.',
  timeout: 'Bildkällan svarade inte i tid.',
  failed: 'Bildkällan gav inget användbart svar.',
  badFallback: 'Reservbilden ska vara en av webbplatsens vinteckningar.',
} as const;

/**
 * The drawings a wine is shown with when it has no photo or its photo fails (files under pwa/public/images/;
 * pwa/lib/wine-format.ts wineDrawingFor picks one per wine, docs/wine-photos.md), by kind. The photo route redirects to
 * one of these, and only to these, when a photo it was asked for with `?fallback=` can't be had.
 */
export const WINE_DRAWINGS = {
  red: ['/images/wine-fallback-1.svg', '/images/wine-fallback-2.svg'],
  white: ['/images/drawings/white.svg'],
  rose: ['/images/drawings/rose.svg'],
  sparkling: ['/images/drawings/sparkling.svg'],
  fortified: ['/images/drawings/fortified.svg'],
  box: ['/images/drawings/box.svg'],
  carton: ['/images/drawings/carton.svg'],
} as const;

/** True when `path` is one of WINE_DRAWINGS' files. */
export function isWineDrawing(path: string): boolean {
  return Object.values(WINE_DRAWINGS).some((paths) => (paths as readonly string[]).includes(path));
}

/** A photo address's parts: Systembolaget's product id (digits), the size (px) and the format. */
export interface WinePhotoFile {
  productId: string;
  size: WinePhotoSize;
  format: WinePhotoFormat;
}

/**
 * Reads the file part of a photo address, `{productId}_{size}.{format}` (e.g. '24594663_200.png'): productId digits only
 * (at most 12), size one of WINE_PHOTO_SIZES written plainly (no leading zero), format one of WINE_PHOTO_FORMATS. The
 * parts, or one issue per wrong part (path [] when the address has no such parts at all; ['productId'], ['size'],
 * ['format']). Plain code, no zod: the PWA's first load reads it too; the API's route wraps it in its zod schema.
 */
export function readWinePhotoFile(file: string): { photo: WinePhotoFile } | { issues: { path: string[]; message: string }[] } {
  const match = /^([^_]*)_([^.]*)\.(.*)$/.exec(file);
  if (!match) return { issues: [{ path: [], message: WINE_PHOTO_MESSAGES.badFile }] };
  const [, productId = '', sizeText = '', format = ''] = match;
  const size = Number(sizeText);
  const issues: { path: string[]; message: string }[] = [];
  if (!PRODUCT_ID.test(productId)) issues.push({ path: ['productId'], message: WINE_PHOTO_MESSAGES.badProductId });
  if (!/^[1-9]\d*$/.test(sizeText) || !(WINE_PHOTO_SIZES as readonly number[]).includes(size)) {
    issues.push({ path: ['size'], message: WINE_PHOTO_MESSAGES.badSize });
  }
  if (!Object.hasOwn(WINE_PHOTO_FORMATS, format)) issues.push({ path: ['format'], message: WINE_PHOTO_MESSAGES.badFormat });
  if (issues.length) return { issues };
  return { photo: { productId, size: size as WinePhotoSize, format: format as WinePhotoFormat } };
}

/**
 * The address of a wine's photo on our origin: a card's photo, 200 px PNG (a card's picture is about 156×208 CSS px),
 * e.g. '/api/images/systembolaget/24594663_200.png'. The public wine answers name it as `imageUrl` (docs/wine-photos.md).
 */
export function winePhotoUrl(productId: string): string {
  return `${WINE_PHOTO_PATH}/${productId}_200.png`;
}

/** The sizes a page may show a photo at, CSS px: each one's double is a size too (the 2x photo). */
export type WinePhotoPageSize = 200 | 300 | 400;

/**
 * What an <img> of a photo address (winePhotoUrl) needs for a picture `size` CSS px wide: `src` at that size and
 * `srcSet` with it as 1x and twice the size as 2x, each asking for `fallback` (one of WINE_DRAWINGS, the wine's own)
 * when the photo can't be had, so the server answers with a redirect to the drawing rather than an error the browser
 * logs. Null for any other address (an upload, https, none), which is then shown as it is. Small on purpose: the PWA's
 * first load carries it.
 */
export function winePhotoSources(url: string | null | undefined, size: WinePhotoPageSize, fallback?: string): { src: string; srcSet: string } | null {
  const m = url && /^(\/api\/images\/systembolaget\/\d+_)\d+(\.\w+)$/.exec(url);
  if (!m) return null;
  const q = fallback ? `?fallback=${encodeURIComponent(fallback)}` : '';
  const src = m[1]! + size + m[2] + q;
  return { src, srcSet: `${src} 1x, ${m[1]}${2 * size}${m[2]}${q} 2x` };
}
