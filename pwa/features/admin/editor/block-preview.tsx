import type { MouseEvent } from 'react';
import type { ContentBlock } from '../../../../api/contract/content';
import { BlockContent } from '../../../components/block-content/block-content';

// The block editor's live preview: the blocks drawn by the public site's own renderer (BlockContent).

/** Shown in the preview while there are no blocks (spec 001 §2 'Block editor'). */
export const EMPTY_PREVIEW_TEXT = 'Lägg till block för att se förhandsvisningen här';

// Links in the preview are for looking at: following one would leave the editor and its unsaved blocks.
function stayInEditor(event: MouseEvent<HTMLDivElement>) {
  if (event.target instanceof Element && event.target.closest('a[href]')) event.preventDefault();
}

/**
 * The blocks as the public page shows them, but with the placeholders ('Rubrik', …) where a field is still empty (the
 * public page leaves such blocks out), or EMPTY_PREVIEW_TEXT when there are none. Links do not navigate.
 */
export function BlockPreview({ blocks }: { blocks: readonly ContentBlock[] }) {
  if (blocks.length === 0) {
    return <p className="border border-dashed border-rule px-4 py-12 text-center font-sans text-ink-soft">{EMPTY_PREVIEW_TEXT}</p>;
  }
  return (
    <div onClickCapture={stayInEditor} className="border border-rule bg-paper px-4 py-5 sm:px-6">
      <BlockContent blocks={blocks} placeholders />
    </div>
  );
}
