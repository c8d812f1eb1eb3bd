import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { bottlePng, tinyWebp } from '../routes/images/test-images';

/** How the stand-in answers a product: its photo, 404, slowly (never within a timeout), 500, or a page instead of an image. */
export type StandInBehaviour = 'photo' | 'missing' | 'slow' | 'error' | 'not-an-image';

export interface PhotoStandIn {
  /** Base address, as WINE_PHOTO_SOURCE takes it: `{url}/{productId}/{productId}_{size}.{format}`. */
  url: string;
  /** Every path asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** Glass colours of the stand-in's bottles, one chosen by the product id (so photos of different wines differ). */
const GLASS: [number, number, number][] = [
  [40, 70, 50],
  [92, 28, 40],
  [150, 120, 60],
  [30, 45, 70],
];

/**
 * A local stand-in for Systembolaget's image CDN (which tests can't reach; docs/wine-photos.md): on 127.0.0.1 and a free
 * port, it answers `/productimages/{productId}/{productId}_{size}.{format}` as `behaviour(productId)` says: 'photo' a PNG of
 * size×size px with a bottle (png) or a 1×1 WebP (webp; other formats 404), 'missing' 404, 'slow' nothing for
 * `slowMs` (default 30 s; close() ends it), 'error' 500, 'not-an-image' an HTML page with status 200. Any other path 404.
 */
export async function startPhotoStandIn(behaviour: (productId: string) => StandInBehaviour, opts: { slowMs?: number } = {}): Promise<PhotoStandIn> {
  const requests: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://stand-in').pathname;
    requests.push(pathname);
    const match = /^\/productimages\/(\d+)\/(\d+)_(\d+)\.(\w+)$/.exec(pathname);
    const notFound = () => res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    if (!match || match[1] !== match[2]) return notFound();
    const [, productId = '', , sizeText = '', format] = match;
    const size = Number(sizeText);
    switch (behaviour(productId)) {
      case 'missing':
        return notFound();
      case 'error':
        return res.writeHead(500, { 'content-type': 'text/plain' }).end('server error');
      case 'not-an-image':
        return res.writeHead(200, { 'content-type': 'image/png' }).end('<!doctype html><title>Oops</title>');
      case 'slow': {
        const timer = setTimeout(() => {
          timers.delete(timer);
          res.writeHead(200, { 'content-type': 'image/png' }).end(bottlePng(size, size));
        }, opts.slowMs ?? 30_000);
        timers.add(timer);
        return;
      }
      case 'photo': {
        if (format === 'webp') return res.writeHead(200, { 'content-type': 'image/webp' }).end(tinyWebp());
        if (format !== 'png') return notFound();
        const glass = GLASS[Number(productId) % GLASS.length]!;
        return res.writeHead(200, { 'content-type': 'image/png' }).end(bottlePng(size, size, glass));
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/productimages`,
    requests,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
