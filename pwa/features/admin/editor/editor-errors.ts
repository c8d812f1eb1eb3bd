import type { FieldErrors, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { setServerFieldErrors } from '../../../lib/forms';

/**
 * The field messages of a refused save (400 `details[].path` → message), keyed by the path without 'body.':
 * 'title', 'featuredImageUrl', 'content', 'blocks.3.content.link' (the block editor's keys). The first message
 * per key; {} for any other failure.
 */
function saveErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  const details = (err.body as { error?: { details?: { path?: unknown; message?: unknown }[] } } | null)?.error?.details;
  const out: Record<string, string> = {};
  for (const d of details ?? []) {
    if (typeof d.path !== 'string' || typeof d.message !== 'string') continue;
    out[d.path.replace(/^body\./, '')] ??= d.message;
  }
  return out;
}

/**
 * Puts a refused save's messages onto an editor's react-hook-form form: the messages of `fields` (e.g. 'title',
 * 'content') on those fields, the first of them in `fields` order focused (pwa/lib/forms.ts); the blocks' messages
 * ('blocks', 'blocks.3', 'blocks.3.content.link', …) under 'blocks', where blockEditorErrors reads them back.
 */
export function setSaveErrors<T extends FieldValues & { blocks: unknown }>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): void {
  setServerFieldErrors(err, setError, fields);
  for (const [key, message] of Object.entries(saveErrors(err))) {
    if (key === 'blocks' || key.startsWith('blocks.')) setError(key as Path<T>, { type: 'server', message });
  }
}

/**
 * The blocks' messages of a form's errors in the block editor's terms (BlockEditorProps.errors): a flat record
 * keyed by path, e.g. { 'blocks.3.content.link': 'Ogiltig länk.' }; {} when there are none.
 */
export function blockEditorErrors(errors: FieldErrors): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (node: unknown, path: string) => {
    if (!node || typeof node !== 'object') return;
    const { message } = node as { message?: unknown };
    if (typeof message === 'string') out[path] ??= message;
    for (const [key, child] of Object.entries(node)) {
      if (key !== 'ref' && key !== 'message' && key !== 'type' && key !== 'types') walk(child, `${path}.${key}`);
    }
  };
  walk(errors.blocks, 'blocks');
  return out;
}
