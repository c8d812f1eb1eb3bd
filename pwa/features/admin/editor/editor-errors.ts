import { ApiError } from '../../../lib/api-client';

/**
 * The field messages of a refused save (400 `details[].path` → message), keyed by the path without 'body.':
 * 'title', 'featuredImageUrl', 'content', 'blocks.3.content.link' (the block editor's keys). The first message
 * per key; {} for any other failure.
 */
export function saveErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  const details = (err.body as { error?: { details?: { path?: unknown; message?: unknown }[] } } | null)?.error?.details;
  const out: Record<string, string> = {};
  for (const d of details ?? []) {
    if (typeof d.path !== 'string' || typeof d.message !== 'string') continue;
    out[d.path.replace(/^body\./, '')] ??= d.message;
  }
  return out;
}
