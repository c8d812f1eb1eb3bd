import { ContentBlocks, type ContentBlock } from '../../../../api/contract/content';

// The block editor's client-side check: the contract's own zod schema (the one the server applies), so the
// messages and the rules (link and image addresses, lengths, wines per showcase) are the server's.

/**
 * The messages of the blocks' problems, keyed like the server's field errors without 'body.':
 * 'blocks.3.content.link', 'blocks.0.content.items.2', 'blocks' (too many blocks). The first message per key.
 */
export function blockErrors(blocks: readonly ContentBlock[]): Record<string, string> {
  const result = ContentBlocks.safeParse(blocks);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = ['blocks', ...issue.path.map(String)].join('.');
    out[key] ??= issue.message;
  }
  return out;
}

/** The key of a block's field in blockErrors' and the server's terms, e.g. fieldKey(3, 'link') = 'blocks.3.content.link'. */
export function fieldKey(index: number, field: string): string {
  return `blocks.${index}.content.${field}`;
}
