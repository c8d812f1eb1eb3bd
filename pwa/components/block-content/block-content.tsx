import { Fragment, type MouseEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { BLOCK_PLACEHOLDERS as P, CONTENT_MESSAGES, publishableBlocks } from '../../../api/contract/content-rules';
import type { ContentBlock } from '../../../api/contract/content';
import { isSafeLink } from '../../../api/contract/link-rules';
import { WineCard } from '../wine/wine-card';
import { WineCardSkeleton } from '../wine/wine-card-skeleton';
import { useShowcaseWines } from '../../lib/api/content';
import './prose.css';

/** A field's text; when it is empty, the block's placeholder in the editor's preview, else nothing. */
type Fill = (value: string | undefined, placeholder: string) => string;
const withPlaceholders: Fill = (value, placeholder) => (value?.trim() ? value : placeholder);
const withoutPlaceholders: Fill = (value) => (value?.trim() ? value : '');

/**
 * Links a button may have (the contract's rule, api/contract/link-rules.ts): http(s), mailto, a site path (never '//…'
 * or '/\\…') or a fragment; anything else becomes '#'. Blocks stored before the rule was tightened are drawn safely too.
 */
function safeLink(value: string): string {
  const link = value.trim();
  return isSafeLink(link, { fragments: true }) ? link : P.buttonLink;
}

/** Image addresses the contract allows (https or a site path, api/contract/link-rules.ts); anything else shows the placeholder image. */
function safeImageSrc(value: string): string {
  const src = value.trim();
  return isSafeLink(src, { schemes: ['https:'] }) ? src : P.imageSrc;
}

/** Text with its line breaks kept (the server writes them as <br>). */
function Lines({ text }: { text: string }) {
  const lines = text.split(/\r?\n/);
  return lines.map((line, i) => (
    <Fragment key={i}>
      {i > 0 && <br />}
      {line}
    </Fragment>
  ));
}

/**
 * Builder blocks (spec 001 §3 'Content block') as the public site shows them, in `order`, in the site's newspaper
 * typography: headings, paragraphs, images (lazy, with alt and caption), quotes with their author, lists, buttons
 * (site paths through the router), separators, and wine showcases as real wine cards (the only block that fetches:
 * GET /api/wines?ids=…). Text is rendered by React, so it is always escaped. Like the server's HTML, blocks without
 * text are left out (publishableBlocks, api/contract/content-rules.ts); only the editor's preview (`placeholders`)
 * shows them with the placeholders ('Rubrik', 'Stycke text...', …). A block of an unknown type says 'Okänd blocktyp'.
 *
 * Headings keep the level's look, but an h1 block is an h2 in the document outline: every page that shows blocks
 * (an article, a CMS page, the editors' preview) has its own h1 already.
 */
export function BlockContent({
  blocks,
  className = '',
  placeholders = false,
}: {
  blocks: readonly ContentBlock[];
  className?: string;
  /** The editor's preview: blocks without text show the placeholders instead of being left out. */
  placeholders?: boolean;
}) {
  const ordered = (placeholders ? [...blocks] : publishableBlocks(blocks)).sort((a, b) => a.order - b.order);
  const fill = placeholders ? withPlaceholders : withoutPlaceholders;
  return (
    <div className={`vp-prose ${className}`}>
      {ordered.map((block, i) => (
        <Block key={block.id || i} block={block} fill={fill} />
      ))}
    </div>
  );
}

function Block({ block, fill: orPlaceholder }: { block: ContentBlock; fill: Fill }): ReactNode {
  switch (block.type) {
    case 'heading':
      return <Heading level={block.content.level} text={orPlaceholder(block.content.text, P.heading)} />;
    case 'paragraph':
      return (
        <p>
          <Lines text={orPlaceholder(block.content.text, P.paragraph)} />
        </p>
      );
    case 'image': {
      const caption = block.content.caption?.trim();
      return (
        <figure>
          <img src={safeImageSrc(block.content.src)} alt={orPlaceholder(block.content.alt, P.imageAlt)} loading="lazy" decoding="async" />
          {caption && <figcaption>{caption}</figcaption>}
        </figure>
      );
    }
    case 'quote': {
      const author = block.content.author?.trim();
      return (
        <blockquote>
          <p>
            <Lines text={orPlaceholder(block.content.text, P.quote)} />
          </p>
          {author && <cite>{author}</cite>}
        </blockquote>
      );
    }
    case 'list': {
      const items = block.content.items.length > 0 ? block.content.items : [''];
      // Without placeholders (publishableBlocks), only items with text are left.
      const children = items.map((item, i) => <li key={i}>{orPlaceholder(item, P.listItem)}</li>);
      return block.content.ordered ? <ol>{children}</ol> : <ul>{children}</ul>;
    }
    case 'cta_button':
      return (
        <div className="vp-cta">
          <CtaLink
            link={safeLink(block.content.link)}
            text={orPlaceholder(block.content.text, P.buttonText)}
            className={block.content.style === 'secondary' ? 'btn-outline min-h-11' : 'btn-primary min-h-11'}
          />
        </div>
      );
    case 'separator':
      return <hr />;
    case 'wine_showcase':
      return <WineShowcase wineIds={block.content.wineIds} />;
    default:
      return <p className="vp-unknown">{CONTENT_MESSAGES.unknownBlockType}</p>;
  }
}

function Heading({ level, text }: { level: string; text: string }) {
  switch (level) {
    case 'h1':
      return <h2 className="vp-h1">{text}</h2>;
    case 'h3':
      return <h3>{text}</h3>;
    case 'h4':
      return <h4>{text}</h4>;
    default:
      return <h2>{text}</h2>;
  }
}

/** A button's link: site paths through the router, other addresses as plain links (never sending a referrer away). */
function CtaLink({ link, text, className }: { link: string; text: string; className: string }) {
  if (link.startsWith('/')) {
    return (
      <Link to={link} className={className}>
        {text}
      </Link>
    );
  }
  const external = /^https?:\/\//i.test(link);
  return (
    <a href={link} className={className} rel={external ? 'noopener noreferrer' : undefined}>
      {text}
    </a>
  );
}

/** The wines a showcase names, as wine cards in the editor's order (unknown or unpublished wines skipped). */
function WineShowcase({ wineIds }: { wineIds: readonly string[] }) {
  const { data: wines, isPending, isError } = useShowcaseWines(wineIds);
  if (wineIds.length === 0) return null;

  const grid = 'grid gap-6 @xl:grid-cols-2 @4xl:grid-cols-3';
  if (isPending) {
    return (
      <div className="not-prose my-8 @container" aria-busy="true">
        <span className="sr-only">Laddar viner…</span>
        <div className={grid}>
          {wineIds.slice(0, 3).map((id) => (
            <WineCardSkeleton key={id} />
          ))}
        </div>
      </div>
    );
  }
  if (isError) {
    return <p className="vp-unknown">Vinerna kunde inte hämtas just nu.</p>;
  }
  if (!wines || wines.length === 0) return null;
  return (
    <div className="not-prose my-8 @container">
      <ul className={grid} aria-label="Utvalda viner">
        {wines.map((wine) => (
          <li key={wine.id}>
            <WineCard wine={wine} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * HTML the server has sanitised (a page or an article saved from the HTML editor, or any stored content) in the same
 * typography as BlockContent. An h1 in it is drawn as an h1 but made an h2 (the page has its own h1), and a link to
 * a site path is followed by the router instead of reloading the app.
 */
export function SanitisedHtml({ html, className = '' }: { html: string; className?: string }) {
  const navigate = useNavigate();

  // Renaming the tag keeps the HTML sanitised: sanitize-html writes tags in lower case without attributes on
  // headings, and a '<' in text or an attribute is always an entity.
  const outlined = html.replace(/<h1>/g, '<h2 class="vp-h1">').replace(/<\/h1>/g, '</h2>');

  function handleClick(e: MouseEvent<HTMLDivElement>) {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const anchor = e.target instanceof Element ? e.target.closest('a') : null;
    const href = anchor?.getAttribute('href');
    if (!anchor || !href || anchor.target || !isSafeLink(href, { schemes: [] })) return;
    e.preventDefault();
    navigate(href);
  }

  return (
    // The click handler only routes the links' own clicks (Enter on a link is a click too); it adds no new control.
    <div
      className={`vp-prose ${className}`}
      onClick={handleClick}
      // Only ever HTML the server sanitised (sanitize-html allow-list, api/services/default-content.ts
      // CONTENT_HTML_OPTIONS) before storing and serving it: no script, style, event attribute or unsafe URL.
      dangerouslySetInnerHTML={{ __html: outlined }}
    />
  );
}
