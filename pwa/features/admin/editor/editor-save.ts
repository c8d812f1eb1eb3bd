import type { ContentBlock } from '../../../../api/contract/content';

// What a save from the block builder sends, for the page and the article editor alike (spec 001 §4: the builder
// starts with no blocks when the content was last edited as HTML, and saving from it overwrites the content). Text is
// never lost by a save that did not mean to replace it: a builder without blocks keeps the HTML (stored, or edited in
// the HTML mode and not yet saved), and blocks replace HTML only after 'Ersätt och spara' (BlockEditor).

/**
 * Whether a save from the builder sends the form's HTML rather than the blocks: when there are no blocks. Then the
 * builder holds nothing to save, and the content stays what it was (or what the HTML mode made of it), e.g. when
 * only 'Publicera artikel' or the title changed.
 */
export function builderSendsHtml(blocks: readonly ContentBlock[]): boolean {
  return blocks.length === 0;
}

/**
 * Whether the content is HTML that saving blocks would replace (BlockEditor's `replacesHtml`): the stored content was
 * last saved as HTML (`saved.blocks` null, content not blank), or the HTML was edited in the HTML mode since the last
 * save (`htmlEdited`).
 */
export function contentIsHtml(saved: { blocks: readonly ContentBlock[] | null; content: string } | null, htmlEdited: boolean): boolean {
  return htmlEdited || (saved !== null && saved.blocks === null && saved.content.trim() !== '');
}
