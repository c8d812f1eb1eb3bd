import type { ContentBlock } from '../../api/contract/content';
import { usePublicPage } from '../lib/api/content';
import { BlockContent, SanitisedHtml } from './block-content/block-content';

/**
 * Stored content as the public site shows it: the builder's blocks when there are any (wine showcases as cards),
 * else the sanitised HTML the HTML editor saved.
 */
export function ContentBody({ content, blocks, className }: { content: string; blocks: readonly ContentBlock[] | null; className?: string }) {
  return blocks !== null ? <BlockContent blocks={blocks} className={className} /> : <SanitisedHtml html={content} className={className} />;
}

/**
 * The intro an admin writes for a list page (spec 001 §2 'Page editor': fynd, nya-viner, folkets-val, recept,
 * artiklar) above its list, while that CMS page is active. Nothing while it loads, and nothing when the page is
 * missing, inactive or unreachable: the list page stands on its own.
 */
export function CmsIntro({ pageId, className = '' }: { pageId: string; className?: string }) {
  const { data: page } = usePublicPage(pageId);
  if (!page || (page.blocks === null ? !page.content.trim() : page.blocks.length === 0)) return null;
  return (
    <div className={`mx-auto w-full max-w-3xl pt-6 pb-2 ${className}`}>
      <ContentBody content={page.content} blocks={page.blocks} className="text-base sm:text-lg" />
    </div>
  );
}
