import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import pg from 'pg';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
import type { Logger } from 'pino';

/** A serialised answer; `T` is the value it was made from (type only: it lets a route check it against its schema). */
export interface CachedBody<T = unknown> {
  /** Never set: carries `T` for the type checker (see sendCachedJson in api/lib/router.ts). */
  readonly value?: T;
  /** The JSON of the answer, UTF-8 */
  body: Buffer;
  /** `body` compressed once, so that a cache hit costs no compression (browsers always accept these) */
  gzip: Buffer;
  br: Buffer;
  /** A weak ETag of the JSON (weak: the same for every content encoding) */
  etag: string;
  /** True when the answer is JSON `null` (the thing asked for does not exist) */
  isNull: boolean;
  /** The cache key it is stored under ('' until cached) */
  key: string;
}

/** Serialises and compresses an answer once. Brotli at quality 9: most of 11's gain at a fraction of its time. */
export async function prepareBody<T>(value: T): Promise<CachedBody<T>> {
  const body = Buffer.from(JSON.stringify(value) ?? 'null', 'utf8');
  const [gz, br] = await Promise.all([
    gzip(body, { level: 9 }),
    brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  ]);
  return {
    body,
    gzip: gz,
    br,
    etag: `W/"${createHash('sha1').update(body).digest('base64url')}"`,
    isNull: value === null || value === undefined,
    key: '',
  };
}

/** True when `cached` holds a value (not JSON `null`): narrows a lookup that may find nothing to what it found. */
export function isPresent<T>(cached: CachedBody<T>): cached is CachedBody<NonNullable<T>> {
  return !cached.isNull;
}

/**
 * An in-process cache of public JSON answers (wine lists, a wine, the slider), kept correct across any
 * number of API processes: every write to the public tables fires a Postgres NOTIFY (see the
 * create_change_notifications migration) and every process LISTENs and empties its cache.
 *
 * While the LISTEN connection is down the cache is bypassed (it could be stale), and it reconnects with
 * backoff. `enabled: false` makes it a pass-through (tests that write rows and read at once use that).
 */
export class PublicCache {
  private entries = new Map<string, CachedBody>();
  /** The same answers by request URL, for `lookupUrl` (the HTTP micro-cache in front of the router). */
  private byUrl = new Map<string, CachedBody>();
  private client: pg.Client | null = null;
  private listening = false;
  private stopped = false;
  private retryMs = 500;
  /** Bumped on every invalidation, so an answer loaded across a change is not cached. */
  private generation = 0;

  constructor(private readonly opts: { connectionString?: string; enabled: boolean; log?: Logger; maxEntries?: number }) {}

  /** Connects the LISTEN client. Resolves after the first attempt (the cache simply stays bypassed on failure). */
  async start(): Promise<void> {
    if (!this.opts.enabled || !this.opts.connectionString) return;
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.opts.connectionString, application_name: 'vinpressen-cache' });
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      this.listening = false;
      this.client = null;
      this.clear();
      if (err) this.opts.log?.warn({ err }, 'public cache: LISTEN connection lost; bypassing cache');
      client.end().catch(() => {});
      if (!this.stopped) setTimeout(() => void this.connect(), this.retryMs).unref();
      this.retryMs = Math.min(this.retryMs * 2, 30_000);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', () => this.clear());
    try {
      this.client = client;
      await client.connect();
      await client.query('listen public_data_changed');
      this.entries.clear();
      this.listening = true;
      this.retryMs = 500;
    } catch (err) {
      lost(err as Error);
    }
  }

  /** Drops every cached answer (also called right after this process's own writes). */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.byUrl.clear();
  }

  /**
   * The cached answer for `key`, or `load()`'s value serialised, compressed, cached (when trustworthy) and returned.
   * A key belongs to one route, whose `load` always makes a `T`: a hit is that route's earlier `T`.
   */
  async get<T>(key: string, load: () => Promise<T>): Promise<CachedBody<T>> {
    const hit = this.listening ? this.entries.get(key) : undefined;
    if (hit) return hit as CachedBody<T>;
    const generation = this.generation;
    const entry = { ...(await prepareBody(await load())), key };
    if (this.listening && generation === this.generation) {
      if (this.entries.size >= (this.opts.maxEntries ?? 500)) this.entries.clear();
      this.entries.set(key, entry);
    }
    return entry;
  }

  /**
   * Remembers that GET `url` was answered (200) with `entry`, so the next request for it can be answered
   * before routing. Only an entry that is still current is remembered.
   */
  rememberUrl(url: string, entry: CachedBody): void {
    if (!this.listening || this.entries.get(entry.key) !== entry) return;
    if (this.byUrl.size >= (this.opts.maxEntries ?? 500)) this.byUrl.clear();
    this.byUrl.set(url, entry);
  }

  /** The current answer to GET `url`, if it is cached and the cache can be trusted. */
  lookupUrl(url: string): CachedBody | undefined {
    return this.listening ? this.byUrl.get(url) : undefined;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.listening = false;
    const c = this.client;
    this.client = null;
    await c?.end().catch(() => {});
  }
}
