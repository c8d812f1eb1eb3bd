import type { ContentBlock } from '../../../../api/contract/content';
import type { BlockType } from '../../../../api/contract/content-rules';

// The block editor's list operations (spec 001 §2 'Block editor', §3 'Content block'): pure functions that return
// a new list whose `order` is every block's index again.

let lastId = 0;

/**
 * A block id: the time in milliseconds as a string (spec 001 §3 'id (a timestamp)'), one more than the last id
 * when two blocks are made within the same millisecond, so ids made in one session never repeat.
 */
export function newBlockId(): string {
  const now = Date.now();
  lastId = now > lastId ? now : lastId + 1;
  return String(lastId);
}

/**
 * A new block of `type` at position `order` with the spec's defaults (spec 001 §3): empty texts, heading level
 * 'h2', an unordered list with one empty item, no wines, a 'primary' button, a separator without content.
 */
export function newBlock(type: BlockType, order: number): ContentBlock {
  const base = { id: newBlockId(), order };
  switch (type) {
    case 'heading':
      return { ...base, type, content: { text: '', level: 'h2' } };
    case 'paragraph':
      return { ...base, type, content: { text: '' } };
    case 'image':
      return { ...base, type, content: { src: '', alt: '', caption: '' } };
    case 'quote':
      return { ...base, type, content: { text: '', author: '' } };
    case 'list':
      return { ...base, type, content: { items: [''], ordered: false } };
    case 'wine_showcase':
      return { ...base, type, content: { wineIds: [] } };
    case 'cta_button':
      return { ...base, type, content: { text: '', link: '', style: 'primary' } };
    case 'separator':
      return { ...base, type, content: {} };
  }
}

/** The blocks with `order` set to each one's index (the order the server stores and renders them in). */
export function renumber(blocks: readonly ContentBlock[]): ContentBlock[] {
  return blocks.map((block, index) => (block.order === index ? block : { ...block, order: index }));
}

/** The blocks with `block` put at `index` (at the end when index is past it). */
export function insertBlock(blocks: readonly ContentBlock[], block: ContentBlock, index = blocks.length): ContentBlock[] {
  const next = [...blocks];
  next.splice(Math.min(Math.max(index, 0), blocks.length), 0, block);
  return renumber(next);
}

/** The blocks with the one at `index` swapped with its neighbour (`by` -1 up, +1 down); unchanged at either end. */
export function moveBlock(blocks: readonly ContentBlock[], index: number, by: -1 | 1): ContentBlock[] {
  const target = index + by;
  if (index < 0 || index >= blocks.length || target < 0 || target >= blocks.length) return renumber(blocks);
  const next = [...blocks];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return renumber(next);
}

/** The blocks without the one at `index`. */
export function removeBlock(blocks: readonly ContentBlock[], index: number): ContentBlock[] {
  return renumber(blocks.filter((_, i) => i !== index));
}

/** The blocks with the one at `index` replaced by `block` (its order kept). */
export function replaceBlock(blocks: readonly ContentBlock[], index: number, block: ContentBlock): ContentBlock[] {
  return renumber(blocks.map((b, i) => (i === index ? block : b)));
}

/** The list `items` with the one at `index` moved `by` places; unchanged at either end. */
export function moveItem<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
