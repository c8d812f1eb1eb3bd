import type { ReactNode } from 'react';
import type { ContentBlock } from '../../../../api/contract/content';
import { BLOCK_TYPE_LABELS, BLOCK_TYPES, CONTENT_MESSAGES, type BlockType } from '../../../../api/contract/content-rules';
import { dangerButtonClass, smallButtonClass } from '../../../components/ui/classes';
import { FieldError } from '../../../components/ui/field';

/** The label of a block's type ('Rubrik', 'Stycke', …), or 'Okänd blocktyp' (spec 001 §8). */
export function blockTypeLabel(type: string): string {
  return (BLOCK_TYPES as readonly string[]).includes(type) ? BLOCK_TYPE_LABELS[type as BlockType] : CONTENT_MESSAGES.unknownBlockType;
}

/** How buttons and messages name a block: 'block 2: Stycke'. */
export function blockName(block: ContentBlock, index: number): string {
  return `block ${index + 1}: ${blockTypeLabel(block.type)}`;
}

/** The three actions of a card; the editor finds them by this attribute to put the focus back after a move. */
export type CardAction = 'up' | 'down' | 'remove';

const arrow = { up: 'M12 19V5M5 12l7-7 7 7', down: 'M12 5v14M5 12l7 7 7-7' } as const;

function ArrowIcon({ direction }: { direction: 'up' | 'down' }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={arrow[direction]} />
    </svg>
  );
}

/**
 * One block in the editor: its number and type as a heading, 'Flytta upp' (disabled for the first), 'Flytta ner'
 * (disabled for the last) and 'Ta bort', each named with the block ('Flytta upp block 2: Stycke'), a message about
 * the block as a whole, and its fields.
 */
export function BlockCard({
  block,
  index,
  count,
  headingId,
  message,
  onMove,
  onRemove,
  children,
}: {
  block: ContentBlock;
  index: number;
  count: number;
  headingId: string;
  /** A problem with the block itself (e.g. an unknown type from the server). */
  message?: string;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  children: ReactNode;
}) {
  const name = blockName(block, index);
  return (
    <article aria-labelledby={headingId} className="border border-ink/30 bg-white/70">
      <header className="flex items-center justify-between gap-3 border-b border-rule bg-paper-dark/70 py-1.5 pr-2 pl-4">
        {/* Focused after a block is removed or added without fields, so keyboard users keep their place. */}
        <h3
          id={headingId}
          tabIndex={-1}
          className="flex min-w-0 items-baseline gap-2 font-sans text-sm font-bold tracking-wide text-ink uppercase focus:outline-none focus-visible:outline-2 focus-visible:outline-wine"
        >
          <span className="text-muted tabular-nums">{index + 1}.</span>
          <span className="truncate">{blockTypeLabel(block.type)}</span>
        </h3>
        <div className="flex shrink-0 gap-1.5">
          <button
            type="button"
            data-action="up"
            className={`${smallButtonClass} px-2.5`}
            onClick={() => onMove(-1)}
            disabled={index === 0}
            aria-label={`Flytta upp ${name}`}
            title="Flytta upp"
          >
            <ArrowIcon direction="up" />
          </button>
          <button
            type="button"
            data-action="down"
            className={`${smallButtonClass} px-2.5`}
            onClick={() => onMove(1)}
            disabled={index === count - 1}
            aria-label={`Flytta ner ${name}`}
            title="Flytta ner"
          >
            <ArrowIcon direction="down" />
          </button>
          <button type="button" data-action="remove" className={dangerButtonClass} onClick={onRemove} aria-label={`Ta bort ${name}`}>
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              width="14"
              height="14"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" />
            </svg>
            <span className="max-sm:sr-only">Ta bort</span>
          </button>
        </div>
      </header>
      <div className="space-y-4 p-4">
        {message && <FieldError id={`${headingId}-error`}>{message}</FieldError>}
        {children}
      </div>
    </article>
  );
}
