import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import type { ContentBlock } from '../../../../api/contract/content';
import { BLOCK_TYPE_LABELS, BLOCK_TYPES, BLOCKS_MAX, type BlockType } from '../../../../api/contract/content-rules';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/states';
import { smallButtonClass } from '../../../components/ui/classes';
import { useMediaQuery } from '../newsletter/use-media-query';
import { FieldError } from '../../../components/ui/field';
import { blockName, BlockCard, type CardAction } from './block-card';
import { BlockFields } from './block-fields';
import { insertBlock, moveBlock, newBlock, removeBlock, replaceBlock } from './block-ops';
import { BlockPreview } from './block-preview';
import { blockErrors, fieldKey } from './block-validation';

// The block editor shared by the page editor and the article editor (spec 001 §2 'Block editor', §3 'Content
// block'): blocks of eight types added, edited, moved and removed, beside a live preview drawn by the public
// site's own renderer.

export { newBlock };

export interface BlockEditorProps {
  /** The blocks, in order; every change comes back through onChange with `order` = index. */
  blocks: ContentBlock[];
  onChange: (blocks: ContentBlock[]) => void;
  saveLabel: 'Spara sida' | 'Spara artikel';
  /**
   * Called when the blocks pass the contract's check (and, with replacesHtml and blocks, after the admin confirms); the
   * parent sends { blocks }, or the HTML when there are no blocks (editor-save.ts).
   */
  onSave: () => void;
  /** Shows 'Sparar...' on the save button and disables it. */
  saving: boolean;
  /**
   * The content is HTML (last saved as HTML, or edited in the HTML mode since the last save; editor-save.ts
   * contentIsHtml): a warning shows above the blocks, and saving blocks asks for 'Ersätt och spara' before they
   * replace that HTML. Without blocks nothing is replaced: the parent saves the HTML as it is.
   */
  replacesHtml?: boolean;
  /**
   * The server's field messages from a failed save, keyed by the error details' paths without 'body.':
   * 'blocks' (the list), 'blocks.3' or 'blocks.3.type' (a block), 'blocks.3.content.link' (a field),
   * 'blocks.0.content.items.2' (a list item). Other keys (e.g. 'title') are ignored here. A message hides once its
   * field is edited, and all of them once blocks are added, moved or removed (the indexes no longer match).
   */
  errors?: Record<string, string>;
}

/** Whether two sets of field messages say the same (a parent may pass an equal object anew on every render). */
function sameMessages(a: Record<string, string> | undefined, b: Record<string, string> | undefined): boolean {
  const aKeys = Object.keys(a ?? {});
  return aKeys.length === Object.keys(b ?? {}).length && aKeys.every((key) => a?.[key] === b?.[key]);
}

/** Wide enough for the editor and the preview side by side (Tailwind's lg). */
const SIDE_BY_SIDE = '(min-width: 64rem)';

/** What to focus after the next render: a block's first field (or its heading), or one of its card's buttons. */
type FocusTarget = { blockId: string; action?: CardAction } | { addMenu: true };

/**
 * The block editor (spec 001 §2 'Block editor'): 'Lägg till block' with the eight types, one card per block with its
 * fields and 'Flytta upp' / 'Flytta ner' / 'Ta bort', the live preview beside it on wide screens and behind 'Visa
 * förhandsvisning' / 'Dölj förhandsvisning' on small ones, and the save button (saveLabel, 'Sparar...' while saving).
 * Links and image addresses are checked with the contract's schema before onSave; messages show on the fields once
 * left or after a save attempt. See BlockEditorProps for `replacesHtml` and the server's `errors`.
 */
export function BlockEditor({ blocks, onChange, saveLabel, onSave, saving, replacesHtml = false, errors }: BlockEditorProps) {
  const uid = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const sideBySide = useMediaQuery(SIDE_BY_SIDE, true);
  const [previewShown, setPreviewShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  const [focusInvalid, setFocusInvalid] = useState(false);

  // Client messages show for fields the admin has left ('{blockId}.{field}') or after a save attempt.
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [attempted, setAttempted] = useState(false);
  // Server messages hide once their field is edited ('blocks.3.content.link'), all of them once the list changes shape.
  const [serverErrors, setServerErrors] = useState(errors);
  const [dismissed, setDismissed] = useState<ReadonlySet<string> | 'all'>(new Set());
  if (serverErrors !== errors && !sameMessages(serverErrors, errors)) {
    setServerErrors(errors);
    setDismissed(new Set());
  }

  const clientErrors = useMemo(() => blockErrors(blocks), [blocks]);
  const hasClientErrors = Object.keys(clientErrors).length > 0;

  // The latest blocks, for the undo of a removal that runs later from a toast.
  const latest = useRef(blocks);
  latest.current = blocks;

  useEffect(() => {
    if (!focusTarget) return;
    // After Headless UI's menu has handed the focus back to its button.
    const timer = window.setTimeout(() => {
      setFocusTarget(null);
      const root = rootRef.current;
      if (!root) return;
      if ('addMenu' in focusTarget) {
        root.querySelector<HTMLElement>('[data-add-block]')?.focus();
        return;
      }
      const card = root.querySelector<HTMLElement>(`[data-block-id="${CSS.escape(focusTarget.blockId)}"]`);
      const target = focusTarget.action
        ? (card?.querySelector<HTMLButtonElement>(`[data-action="${focusTarget.action}"]:not(:disabled)`) ??
          card?.querySelector<HTMLButtonElement>('[data-action]:not(:disabled)'))
        : // Not a wine search: focusing it would open its list over the editor.
          (card?.querySelector<HTMLElement>('input:not([type=file]):not([type=radio]):not([role=combobox]), textarea, select') ??
          card?.querySelector<HTMLElement>('h3'));
      target?.focus();
    }, 0);
    return () => window.clearTimeout(timer);
  }, [focusTarget]);

  useEffect(() => {
    if (!focusInvalid) return;
    setFocusInvalid(false);
    const field = rootRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    field?.focus({ preventScroll: true });
    field?.scrollIntoView({ block: 'center' });
  }, [focusInvalid]);

  function changeShape(next: ContentBlock[]) {
    setDismissed('all');
    onChange(next);
  }

  function handleAdd(type: BlockType) {
    if (blocks.length >= BLOCKS_MAX) return;
    const block = newBlock(type, blocks.length);
    changeShape(insertBlock(blocks, block));
    setFocusTarget({ blockId: block.id });
    setAnnouncement(`${BLOCK_TYPE_LABELS[type]} tillagt som block ${blocks.length + 1}.`);
  }

  function handleMove(index: number, by: -1 | 1) {
    const block = blocks[index];
    if (!block) return;
    changeShape(moveBlock(blocks, index, by));
    setFocusTarget({ blockId: block.id, action: by < 0 ? 'up' : 'down' });
    setAnnouncement(`${blockName(block, index)} flyttat till plats ${index + by + 1}.`);
  }

  function handleRemove(index: number) {
    const block = blocks[index];
    if (!block) return;
    const name = blockName(block, index);
    const next = removeBlock(blocks, index);
    changeShape(next);
    const neighbour = next[index] ?? next[index - 1];
    setFocusTarget(neighbour ? { blockId: neighbour.id } : { addMenu: true });
    setAnnouncement(`${name} borttaget.`);
    toast(`Tog bort ${name}`, {
      action: { label: 'Ångra', onClick: () => changeShape(insertBlock(latest.current, block, index)) },
    });
  }

  function handleBlockChange(index: number, block: ContentBlock) {
    setDismissed((d) => {
      if (d === 'all') return d;
      const next = new Set(d);
      for (const key of Object.keys(serverErrors ?? {})) if (key.startsWith(`blocks.${index}.`)) next.add(key);
      return next;
    });
    onChange(replaceBlock(blocks, index, block));
  }

  function handleTouch(block: ContentBlock, field: string) {
    const key = `${block.id}.${field}`;
    if (!touched.has(key)) setTouched(new Set(touched).add(key));
  }

  function serverError(key: string): string | undefined {
    if (!serverErrors || dismissed === 'all' || dismissed.has(key)) return undefined;
    return serverErrors[key];
  }

  function fieldError(index: number, block: ContentBlock, field: string): string | undefined {
    const key = fieldKey(index, field);
    const client = clientErrors[key];
    const visible = attempted || touched.has(`${block.id}.${field}`) || field.startsWith('wineIds');
    return (visible ? client : undefined) ?? serverError(key);
  }

  function blockMessage(index: number): string | undefined {
    const own = ['', '.type', '.id', '.order', '.content'].map((suffix) => `blocks.${index}${suffix}`);
    for (const key of own) {
      const message = clientErrors[key] ?? serverError(key);
      if (message) return message;
    }
    return undefined;
  }

  function handleSave() {
    if (saving) return;
    if (hasClientErrors) {
      setAttempted(true);
      setFocusInvalid(true);
      return;
    }
    if (replacesHtml && blocks.length > 0) {
      setConfirming(true);
      return;
    }
    onSave();
  }

  const listMessage = clientErrors.blocks ?? serverError('blocks');
  const previewId = `${uid}-preview`;
  const preview = (
    <section aria-labelledby={`${uid}-preview-heading`} className="min-w-0">
      <div className="mb-3 flex min-h-11 flex-wrap items-center justify-between gap-x-3 gap-y-2 border-b border-ink pb-2">
        <h2 id={`${uid}-preview-heading`} className="font-sans text-sm font-bold tracking-[0.18em] text-ink uppercase">
          Förhandsvisning
        </h2>
        {!sideBySide && (
          <button
            type="button"
            className={`${smallButtonClass} min-h-11`}
            aria-expanded={previewShown}
            aria-controls={previewId}
            onClick={() => setPreviewShown((s) => !s)}
          >
            {previewShown ? 'Dölj förhandsvisning' : 'Visa förhandsvisning'}
          </button>
        )}
      </div>
      <div id={previewId} hidden={!sideBySide && !previewShown}>
        <BlockPreview blocks={blocks} />
      </div>
    </section>
  );

  return (
    // The scroll margin keeps a focused control clear of the sticky save bar.
    <div
      ref={rootRef}
      className="space-y-5 [&_:is(input,textarea,select,button,h3)]:scroll-mt-4 [&_:is(input,textarea,select,button,h3)]:scroll-mb-28"
    >
      {replacesHtml && (
        <div className="flex gap-3 border border-gold bg-paper-dark p-4 font-sans text-sm text-ink">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            width="20"
            height="20"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            className="mt-0.5 shrink-0 text-gold"
          >
            <path d="M12 3 2 21h20L12 3Zm0 7v5m0 3v.01" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <p>
            <strong>Innehållet redigerades senast i HTML-läget.</strong>{' '}
            {blocks.length === 0
              ? 'Därför finns inga block att visa här. Sparar du utan block behålls HTML:en; lägger du till block ersätter de HTML:en när du sparar.'
              : 'Sparar du från byggaren ersätts den HTML:en med blocken nedan.'}
          </p>
        </div>
      )}

      <div className={sideBySide ? 'grid grid-cols-2 items-start gap-8' : 'space-y-6'}>
        {!sideBySide && preview}

        <section aria-labelledby={`${uid}-blocks-heading`} className="min-w-0">
          <div className="mb-3 flex min-h-11 items-center justify-between gap-3 border-b border-ink pb-2">
            <h2 id={`${uid}-blocks-heading`} className="font-sans text-sm font-bold tracking-[0.18em] text-ink uppercase">
              Block
            </h2>
            <span className="font-sans text-sm text-muted">{blocks.length === 1 ? '1 block' : `${blocks.length} block`}</span>
          </div>

          {listMessage && <FieldError id={`${uid}-blocks-error`}>{listMessage}</FieldError>}

          {blocks.length === 0 ? (
            <EmptyState>Inga block ännu. Välj ”Lägg till block” för att börja.</EmptyState>
          ) : (
            <ol className="space-y-4">
              {blocks.map((block, index) => (
                <li key={block.id} data-block-id={block.id}>
                  <BlockCard
                    block={block}
                    index={index}
                    count={blocks.length}
                    headingId={`${uid}-block-${block.id}`}
                    message={blockMessage(index)}
                    onMove={(by) => handleMove(index, by)}
                    onRemove={() => handleRemove(index)}
                  >
                    <BlockFields
                      block={block}
                      idPrefix={`${uid}-${block.id}`}
                      onChange={(next) => handleBlockChange(index, next)}
                      error={(field) => fieldError(index, block, field)}
                      onTouch={(field) => handleTouch(block, field)}
                    />
                  </BlockCard>
                </li>
              ))}
            </ol>
          )}

          <AddBlockMenu onAdd={handleAdd} disabled={blocks.length >= BLOCKS_MAX} />

          <div className="sticky bottom-0 z-10 mt-6 flex flex-wrap items-center justify-end gap-3 border-t border-ink bg-paper py-3">
            {attempted && hasClientErrors && (
              <p role="alert" className="mr-auto font-sans text-sm font-semibold text-wine">
                Rätta de markerade fälten innan du sparar.
              </p>
            )}
            <button type="button" className="btn-primary min-h-11" onClick={handleSave} disabled={saving}>
              {saving ? 'Sparar...' : saveLabel}
            </button>
          </div>
        </section>

        {sideBySide && <div className="sticky top-4 max-h-[calc(100dvh-2rem)] overflow-y-auto">{preview}</div>}
      </div>

      <p role="status" className="sr-only">
        {announcement}
      </p>

      <ConfirmDialog
        open={confirming}
        title="Ersätta HTML-innehållet?"
        message="Innehållet redigerades senast i HTML-läget. Sparar du från byggaren ersätts den HTML:en med blocken, och ändringarna i HTML-läget går förlorade."
        confirmLabel="Ersätt och spara"
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onSave();
        }}
      />
    </div>
  );
}

/** 'Lägg till block': a menu of the eight block types (Headless UI: arrows, type-ahead, Escape). */
function AddBlockMenu({ onAdd, disabled }: { onAdd: (type: BlockType) => void; disabled: boolean }) {
  return (
    <Menu as="div" className="mt-4">
      <MenuButton data-add-block className="btn-outline min-h-11 w-full border-dashed sm:w-auto" disabled={disabled}>
        <span aria-hidden="true">+</span> Lägg till block
      </MenuButton>
      <MenuItems
        anchor="bottom start"
        transition
        className="z-40 w-64 border border-ink bg-paper py-1 shadow-xl transition duration-100 ease-out [--anchor-gap:6px] focus:outline-none data-closed:opacity-0 motion-reduce:transition-none"
      >
        {BLOCK_TYPES.map((type) => (
          <MenuItem key={type}>
            <button
              type="button"
              onClick={() => onAdd(type)}
              className="flex min-h-11 w-full items-center px-4 py-2 text-left font-sans text-sm font-semibold text-ink data-focus:bg-wine data-focus:text-white"
            >
              {BLOCK_TYPE_LABELS[type]}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
