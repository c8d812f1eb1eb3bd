import fs from 'node:fs';
import type { RequestListener } from 'node:http';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import escapeHtml from 'escape-html';
import type { ParameterizedContext } from 'koa';
import inject from 'light-my-request';
import type { AppContext, AppState } from '../app-context';
import { SESSION_COOKIE } from '../auth/session';

/** The page meta the PWA's server entry collects (pwa/lib/page-meta.tsx PageMeta). */
interface PageMeta {
  title: string;
  description: string;
  path: string;
  image?: string | null;
  type?: 'website' | 'article' | 'product';
  publishedTime?: string | null;
}

/** What the PWA's server entry answers for one page (pwa/entry-server.tsx RenderedPage). */
interface RenderedPage {
  status: number;
  meta?: PageMeta;
  modules: string[];
  html: Readable;
  state: unknown;
}

/** The PWA's server entry (pwa/entry-server.tsx, built to dist/server/entry-server.js by `npm run build`). */
export interface SsrEntry {
  renderPage(
    url: string,
    opts: { fetch: (url: string, init: RequestInit) => Promise<Response>; origin: string; signedOut: boolean },
  ): Promise<RenderedPage | null>;
  serializeSsrState(state: never): string;
  pageMetaTags(meta: PageMeta, origin: string): { title: string; canonical: string; tags: [attr: 'name' | 'property', key: string, value: string][] };
}

/**
 * The server entry built beside the PWA at `root` (dist/pwa → dist/server/entry-server.js), loaded once; undefined
 * when there is none (a build from before server rendering, or the API alone): every page then gets the app shell.
 */
export function builtSsrEntry(root: string): () => Promise<SsrEntry | undefined> {
  const file = path.join(path.resolve(root), '..', 'server', 'entry-server.js');
  let loading: Promise<SsrEntry | undefined> | undefined;
  return () => {
    loading ??= fs.existsSync(file) ? (import(pathToFileURL(file).href) as Promise<SsrEntry>) : Promise.resolve(undefined);
    return loading;
  };
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** The client build's manifest (dist/pwa/.vite/manifest.json): each module's chunk, its imports and CSS. */
function readManifest(root: string): Record<string, ManifestChunk> {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return {};
  }
}

/**
 * The JS chunks (modulepreload) and CSS of `modules` with everything they import, except what the entry loads; and
 * `entry`, the entry's own chunks (its file first, then every chunk it imports), which the boot script preloads too.
 */
function preloadsOf(manifest: Record<string, ManifestChunk>, modules: string[]): { js: string[]; css: string[]; entry: string[] } {
  const loaded = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key)) return;
    into.add(key);
    for (const dep of manifest[key]?.imports ?? []) walk(dep, into);
  };
  // The app's entry (the build's other entry is the boot script, which imports nothing).
  const entryKey = Object.keys(manifest).find((k) => (manifest[k] as { isEntry?: boolean }).isEntry && k !== BOOT_MODULE);
  if (entryKey) walk(entryKey, loaded);
  const wanted = new Set<string>();
  for (const m of modules) walk(m, wanted);
  const keys = [...wanted].filter((k) => !loaded.has(k) && manifest[k]);
  return {
    js: keys.map((k) => `/${manifest[k]!.file}`),
    css: [...new Set(keys.flatMap((k) => manifest[k]!.css ?? []))].map((f) => `/${f}`),
    entry: [...loaded].filter((k) => manifest[k]).map((k) => `/${manifest[k]!.file}`),
  };
}

/** The web fonts the first screen of every page shows (the masthead and headings; the body text), preloaded. */
const FIRST_SCREEN_FONTS = [/^playfair-display-latin-900-normal-[\w-]+\.woff2$/, /^source-serif-4-latin-400-normal-[\w-]+\.woff2$/];

/** The built files of the first screen's fonts (dist/pwa/assets), as site paths. */
function firstScreenFonts(root: string): string[] {
  let files: string[] = [];
  try {
    files = fs.readdirSync(path.join(root, 'assets'));
  } catch {
    return [];
  }
  return FIRST_SCREEN_FONTS.flatMap((pattern) => files.filter((f) => pattern.test(f)).map((f) => `/assets/${f}`));
}

/**
 * Renders the public pages on the server (docs/ssr.md): for a GET of a page address, the PWA's server entry reads
 * the page's data through the API itself (in-process: `handler`, the app's own Koa callback, through
 * light-my-request, as anonymous JSON requests) and renders it to HTML; the answer is the built index.html with the
 * page's title, description, canonical address, Open Graph tags and chunk and font preloads in its head, the rendered page in
 * #root, and the answers it was made with in a JSON data block for the browser to take over. Answers false when the
 * page is not rendered on the server (admin, partner and account pages; no server entry; a failed render): the
 * caller then sends the app shell.
 */
export function serverRenderer(opts: { root: string; loadEntry: () => Promise<SsrEntry | undefined>; handler: () => RequestListener }) {
  const root = path.resolve(opts.root);
  let template: { before: string; afterRoot: string; rest: string } | undefined;
  let manifest: Record<string, ManifestChunk> | undefined;
  let fonts: string[] | undefined;

  const fetchInProcess = async (url: string, init: RequestInit): Promise<Response> => {
    const res = await inject(opts.handler(), {
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: { accept: 'application/json', 'x-vinpressen-render': '1' },
      payload: typeof init.body === 'string' ? init.body : undefined,
    });
    const headers = new Headers();
    for (const [key, value] of Object.entries(res.headers)) {
      if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
  };

  return async (ctx: ParameterizedContext<AppState, AppContext>): Promise<boolean> => {
    const entry = await opts.loadEntry();
    if (!entry) return false;
    let page: RenderedPage | null;
    try {
      page = await entry.renderPage(ctx.url, { fetch: fetchInProcess, origin: ctx.publicUrl, signedOut: !ctx.cookies.get(SESSION_COOKIE) });
    } catch (err) {
      ctx.log.warn({ err, url: ctx.url }, 'server render failed: sending the app shell');
      return false;
    }
    if (!page) return false;

    template ??= splitTemplate(fs.readFileSync(path.join(root, 'index.html'), 'utf8'));
    manifest ??= readManifest(root);
    fonts ??= firstScreenFonts(root);
    const preloads = preloadsOf(manifest, page.modules);
    const app = withoutAppScripts(template.before);
    const head = [
      ...(page.meta ? metaTags(entry, page.meta, ctx.publicUrl) : []),
      // font-display: optional (pwa/styles.css): a font used at once only if it is there within ~100 ms.
      ...fonts.map((href) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${escapeHtml(href)}">`),
      ...preloads.css.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`),
      ...appScripts(manifest, [...new Set([...app.modules, ...preloads.entry])], preloads.js),
    ];
    const before = withHead(app.before, head);

    ctx.status = page.status;
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    const body = new PassThrough();
    body.write(before);
    page.html.pipe(body, { end: false });
    page.html.on('end', () => {
      body.end(
        `${template!.afterRoot}<script type="application/json" id="vinpressen-ssr">${entry.serializeSsrState(page.state as never)}</script>${template!.rest}`,
      );
    });
    page.html.on('error', (err) => body.destroy(err));
    ctx.body = body;
    return true;
  };
}

/** The build's key of the script that starts the app on a server-rendered page after its first paint (pwa/boot.ts). */
const BOOT_MODULE = 'boot.ts';

/**
 * `before` (index.html's head) without the app's entry script and its modulepreloads, and their addresses, the entry
 * first: a server-rendered page loads them after its first paint, through BOOT_MODULE (docs/ssr.md).
 */
function withoutAppScripts(before: string): { before: string; modules: string[] } {
  const entries: string[] = [];
  const chunks: string[] = [];
  const rest = before
    .replace(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>\s*/g, (_, src: string) => {
      entries.push(src);
      return '';
    })
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>\s*/g, (_, href: string) => {
      chunks.push(href);
      return '';
    });
  return { before: rest, modules: [...new Set([...entries, ...chunks])] };
}

/**
 * How a server-rendered page starts the app: after its first paint, by the boot script (pwa/boot.ts, low priority), which
 * reads the entry and the chunks to preload (`app`, then the page's `chunks`) from a meta tag. Without a boot script in
 * the build (an older build), the app's own script tags as index.html has them.
 */
function appScripts(manifest: Record<string, ManifestChunk>, app: string[], chunks: string[]): string[] {
  const boot = manifest[BOOT_MODULE]?.file;
  if (!boot) {
    return [
      ...app.slice(0, 1).map((src) => `<script type="module" crossorigin src="${escapeHtml(src)}"></script>`),
      ...[...app.slice(1), ...chunks].map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`),
    ];
  }
  return [
    `<meta name="vinpressen-modules" content="${escapeHtml([...app, ...chunks].join(' '))}">`,
    `<script type="module" crossorigin fetchpriority="low" src="/${escapeHtml(boot)}"></script>`,
  ];
}

/** The head tags of `meta` (title, description, canonical, Open Graph, Twitter), escaped. */
function metaTags(entry: SsrEntry, meta: PageMeta, origin: string): string[] {
  const tags = entry.pageMetaTags(meta, origin);
  return [
    `<title>${escapeHtml(tags.title)}</title>`,
    `<link rel="canonical" href="${escapeHtml(tags.canonical)}">`,
    ...tags.tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`),
  ];
}

/**
 * index.html cut around #root: `before` up to and with `<div id="root">`, `afterRoot` its closing tag, `rest` the
 * remainder (the 'needs JavaScript' note dropped: a rendered page reads without it).
 */
function splitTemplate(html: string): { before: string; afterRoot: string; rest: string } {
  const open = '<div id="root">';
  const at = html.indexOf(open);
  if (at < 0) throw new Error('index.html has no <div id="root">');
  const before = html.slice(0, at + open.length);
  const after = html.slice(at + open.length).replace(/<noscript>[\s\S]*?<\/noscript>\s*/, '');
  const close = after.indexOf('</div>');
  return { before, afterRoot: after.slice(0, close + '</div>'.length), rest: after.slice(close + '</div>'.length) };
}

/** `before` with the page's head tags: its own title and description replace the shell's. */
function withHead(before: string, head: string[]): string {
  const hasOwnMeta = head.some((t) => t.startsWith('<title>'));
  const bare = hasOwnMeta ? before.replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<meta\s+name="description"[^>]*>\s*/i, '') : before;
  return bare.replace('</head>', () => `${head.join('\n')}\n</head>`);
}
