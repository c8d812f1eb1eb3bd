import { createHash } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import type { Logger } from 'pino';
import { WINE_PHOTO_FORMATS, WINE_PHOTO_PATH, type WinePhotoFile } from '../contract/wine-photos';

/** A photo as the proxy answers it: its bytes, their content type (judged by the bytes) and a strong ETag. */
export interface WinePhoto {
  bytes: Buffer;
  contentType: string;
  etag: string;
}

/** What became of a photo request: the photo, or why there is none ('missing' upstream, 'timeout', 'failed'). */
export type WinePhotoResult = { kind: 'photo'; photo: WinePhoto } | { kind: 'missing' | 'timeout' | 'failed' };

export interface WinePhotoSourceOptions {
  /** The upstream base address (config WINE_PHOTO_SOURCE, no trailing slash); the only host ever asked. */
  source: string;
  /** Directory of the disk cache (DATA_DIR/wine-photos); made when first needed. */
  cacheDir: string;
  /** How long upstream may take, ms (config WINE_PHOTO_TIMEOUT_MS). */
  timeoutMs: number;
  /** Bound of the disk cache in bytes (config WINE_PHOTO_CACHE_MB); the least recently used photos go first. */
  cacheMaxBytes: number;
  log: Logger;
  /** How long an upstream 404 is remembered, ms. */
  missingTtlMs?: number;
  /** How long an upstream failure or timeout is remembered, ms (short: the next visitor may get the photo). */
  failureTtlMs?: number;
  /** After this long (ms) a cached photo is fetched again; while upstream fails, the cached one is still served. */
  refreshAfterMs?: number;
}

/** No photo is larger than this; a bigger answer counts as a failure. */
const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
/** Remembered upstream misses at most (the oldest are forgotten first). */
const MAX_NEGATIVE_ENTRIES = 10_000;
const ALLOWED_TYPES = new Set<string>(Object.values(WINE_PHOTO_FORMATS));

interface CacheEntry {
  bytes: number;
  lastUsed: number;
  fetchedAt: number;
}

const fileName = (p: WinePhotoFile) => `${p.productId}_${p.size}.${p.format}`;

/**
 * The bottle photos of Systembolaget's wines, fetched from one configured source and kept on disk
 * (docs/wine-photos.md):
 * - the upstream address is `{source}/{productId}/{productId}_{size}.{format}`: the host comes from the configuration
 *   alone, the rest from a validated WinePhotoFile (digits, a known size and format), so it is no open proxy;
 * - each photo is fetched once (concurrent requests for it share one fetch) with a timeout, checked to be a PNG, WebP,
 *   JPEG or AVIF by its bytes (at most 5 MB), and kept as a file under `cacheDir`; the files together stay under
 *   `cacheMaxBytes`, the least recently used removed first; a photo older than `refreshAfterMs` is fetched again, the
 *   old one served while upstream fails;
 * - an upstream 404 is remembered for `missingTtlMs` (10 min), a failure or timeout for `failureTtlMs` (30 s), so a
 *   missing photo costs upstream one request per period, not one per visitor.
 * Holds no state beyond this process's memory and its directory. Processes may share the directory (a file is written
 * whole or not at all); each then keeps the bound by its own account, so together they may hold a little more.
 */
export class WinePhotoSource {
  private readonly missingTtlMs: number;
  private readonly failureTtlMs: number;
  private readonly refreshAfterMs: number;
  /** Known cached files by name; read from the directory on first use. */
  private index: Map<string, CacheEntry> | undefined;
  private indexing: Promise<Map<string, CacheEntry>> | undefined;
  private totalBytes = 0;
  private readonly negative = new Map<string, { until: number; kind: 'missing' | 'timeout' | 'failed' }>();
  private readonly inFlight = new Map<string, Promise<WinePhotoResult>>();

  constructor(private readonly opts: WinePhotoSourceOptions) {
    this.missingTtlMs = opts.missingTtlMs ?? 10 * 60_000;
    this.failureTtlMs = opts.failureTtlMs ?? 30_000;
    this.refreshAfterMs = opts.refreshAfterMs ?? 30 * 24 * 60 * 60_000;
  }

  /** The upstream address of a photo (the configured source, then the photo's path). */
  upstreamUrl(p: WinePhotoFile): string {
    return `${this.opts.source}/${p.productId}/${fileName(p)}`;
  }

  /**
   * The photo `p`: from the disk cache, else from upstream (then cached). Never throws for upstream trouble: a 404 is
   * 'missing', no answer within the timeout 'timeout', anything else unusable (another status, a network error, bytes
   * that are no allowed image, over 5 MB) 'failed'.
   */
  async get(p: WinePhotoFile): Promise<WinePhotoResult> {
    const name = fileName(p);
    const index = await this.loadIndex();
    const entry = index.get(name);
    const now = Date.now();
    if (entry && now - entry.fetchedAt < this.refreshAfterMs) {
      const cached = await this.readCached(name, entry);
      if (cached) return { kind: 'photo', photo: cached };
    }
    const remembered = this.negative.get(name);
    if (remembered && remembered.until > now) {
      const stale = entry ? await this.readCached(name, entry) : undefined;
      return stale ? { kind: 'photo', photo: stale } : { kind: remembered.kind };
    }
    let pending = this.inFlight.get(name);
    if (!pending) {
      pending = this.fetchAndStore(p, name).finally(() => this.inFlight.delete(name));
      this.inFlight.set(name, pending);
    }
    const result = await pending;
    if (result.kind === 'photo' || !entry) return result;
    // Upstream failed a refresh: the photo we have is better than none.
    const stale = await this.readCached(name, entry);
    return stale ? { kind: 'photo', photo: stale } : result;
  }

  private async fetchAndStore(p: WinePhotoFile, name: string): Promise<WinePhotoResult> {
    const url = `${WINE_PHOTO_PATH}/${fileName(p)}`;
    const result = await this.fetchUpstream(p);
    if (result.kind !== 'photo') {
      this.remember(name, result.kind);
      // A product without a photo is ordinary; a source that fails or is slow is worth a warning.
      this.opts.log[result.kind === 'missing' ? 'debug' : 'warn']({ photo: url, result: result.kind }, 'wine photo not fetched');
      return result;
    }
    this.negative.delete(name);
    await this.store(name, result.photo.bytes).catch((err: unknown) => this.opts.log.warn({ err, photo: url }, 'wine photo not cached on disk'));
    return result;
  }

  private async fetchUpstream(p: WinePhotoFile): Promise<WinePhotoResult> {
    let res: Response;
    try {
      res = await fetch(this.upstreamUrl(p), { signal: AbortSignal.timeout(this.opts.timeoutMs), headers: { accept: 'image/*' } });
    } catch (err) {
      return { kind: (err as Error).name === 'TimeoutError' ? 'timeout' : 'failed' };
    }
    if (res.status === 404 || res.status === 410) {
      await res.body?.cancel().catch(() => {});
      return { kind: 'missing' };
    }
    if (!res.ok || !res.body) {
      await res.body?.cancel().catch(() => {});
      return { kind: 'failed' };
    }
    let bytes: Buffer;
    try {
      bytes = await readLimited(res.body, MAX_PHOTO_BYTES);
    } catch (err) {
      return { kind: (err as Error).name === 'TimeoutError' ? 'timeout' : 'failed' };
    }
    const photo = await photoOf(bytes);
    return photo ? { kind: 'photo', photo } : { kind: 'failed' };
  }

  private remember(name: string, kind: 'missing' | 'timeout' | 'failed') {
    if (this.negative.size >= MAX_NEGATIVE_ENTRIES) this.negative.delete(this.negative.keys().next().value!);
    this.negative.set(name, { until: Date.now() + (kind === 'missing' ? this.missingTtlMs : this.failureTtlMs), kind });
  }

  private async readCached(name: string, entry: CacheEntry): Promise<WinePhoto | undefined> {
    let bytes: Buffer;
    try {
      bytes = await fsp.readFile(path.join(this.opts.cacheDir, name));
    } catch {
      this.forget(name);
      return undefined;
    }
    const photo = await photoOf(bytes);
    if (!photo) {
      this.forget(name);
      return undefined;
    }
    entry.lastUsed = Date.now();
    return photo;
  }

  private forget(name: string) {
    const entry = this.index?.get(name);
    if (!entry) return;
    this.index!.delete(name);
    this.totalBytes -= entry.bytes;
  }

  /** Writes the file (to a temporary name first, so a reader never sees half a photo), then keeps the bound. */
  private async store(name: string, bytes: Buffer) {
    const index = await this.loadIndex();
    const file = path.join(this.opts.cacheDir, name);
    const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await fsp.mkdir(this.opts.cacheDir, { recursive: true });
    await fsp.writeFile(temp, bytes);
    await fsp.rename(temp, file);
    this.forget(name);
    const now = Date.now();
    index.set(name, { bytes: bytes.length, lastUsed: now, fetchedAt: now });
    this.totalBytes += bytes.length;
    await this.evict();
  }

  /** Removes the least recently used files until the cache is within its bound. */
  private async evict() {
    if (this.totalBytes <= this.opts.cacheMaxBytes) return;
    const byAge = [...this.index!.entries()].sort((a, b) => a[1].lastUsed - b[1].lastUsed);
    for (const [name] of byAge) {
      if (this.totalBytes <= this.opts.cacheMaxBytes) break;
      this.forget(name);
      await fsp.rm(path.join(this.opts.cacheDir, name), { force: true });
    }
  }

  /** The cached files as the directory holds them (their size, and their modification time as fetch and use time). */
  private loadIndex(): Promise<Map<string, CacheEntry>> {
    if (this.index) return Promise.resolve(this.index);
    this.indexing ??= (async () => {
      const index = new Map<string, CacheEntry>();
      let names: string[] = [];
      try {
        names = await fsp.readdir(this.opts.cacheDir);
      } catch {
        // no directory yet: an empty cache
      }
      for (const name of names) {
        const file = path.join(this.opts.cacheDir, name);
        if (name.endsWith('.tmp')) {
          await fsp.rm(file, { force: true });
          continue;
        }
        const stat = await fsp.stat(file).catch(() => undefined);
        if (!stat?.isFile()) continue;
        index.set(name, { bytes: stat.size, lastUsed: stat.mtimeMs, fetchedAt: stat.mtimeMs });
        this.totalBytes += stat.size;
      }
      this.index = index;
      await this.evict();
      return index;
    })();
    return this.indexing;
  }
}

/** The bytes as a WinePhoto when they are a PNG, WebP, JPEG or AVIF image by their content; else undefined. */
async function photoOf(bytes: Buffer): Promise<WinePhoto | undefined> {
  const type = (await fileTypeFromBuffer(bytes))?.mime;
  if (!type || !ALLOWED_TYPES.has(type)) return undefined;
  return { bytes, contentType: type, etag: createHash('sha256').update(bytes).digest('base64url') };
}

/** Reads a response body of at most `limit` bytes. @throws Error when it is longer (the rest is not read). */
async function readLimited(body: ReadableStream<Uint8Array>, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of body) {
    length += chunk.length;
    if (length > limit) throw new Error(`photo larger than ${limit} bytes`);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}
