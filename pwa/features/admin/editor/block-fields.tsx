import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ContentBlock } from '../../../../api/contract/content';
import { BLOCK_PLACEHOLDERS, CONTENT_MESSAGES, HEADING_LEVELS, type BlockType } from '../../../../api/contract/content-rules';
import { inputClass, smallButtonClass } from '../../../components/ui/classes';
import { FieldError, labelClass, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { ImageUploadField } from '../components/image-upload-field';
import { ShowcaseFields } from './block-showcase-field';

// The fields of each block type (spec 001 §3 'Content block'), with the placeholders the server falls back to
// when a field is left empty: Rubrik, Stycke text..., Bild, Citat text..., Listpunkt, Knapp, '#'.

/** A block of one type, e.g. BlockOf<'heading'>. */
export type BlockOf<T extends BlockType> = Extract<ContentBlock, { type: T }>;

/** Most items a list block takes (api/contract/content.ts). */
const LIST_ITEMS_MAX = 100;

/** What every block type's fields get from the editor. */
export interface FieldsProps<T extends BlockType> {
  block: BlockOf<T>;
  /** Replaces the block's content. */
  onContent: (content: BlockOf<T>['content']) => void;
  /** The message to show on a field of the content ('link', 'items.2'), if any. */
  error: (field: string) => string | undefined;
  /** Marks a field as visited, so its client-side message shows from now on. */
  onTouch: (field: string) => void;
  /** Unique per block, for the fields' ids. */
  idPrefix: string;
}

/**
 * The fields of `block` by its type; 'Okänd blocktyp' (spec 001 §8) for a type the editor does not know. `onChange`
 * gets the whole block back with its new content.
 */
export function BlockFields({
  block,
  onChange,
  error,
  onTouch,
  idPrefix,
}: {
  block: ContentBlock;
  onChange: (block: ContentBlock) => void;
  error: (field: string) => string | undefined;
  onTouch: (field: string) => void;
  idPrefix: string;
}) {
  const common = { error, onTouch, idPrefix };
  switch (block.type) {
    case 'heading':
      return <HeadingFields block={block} onContent={(content) => onChange({ ...block, content })} {...common} />;
    case 'paragraph':
      return <ParagraphFields block={block} onContent={(content) => onChange({ ...block, content })} {...common} />;
    case 'image':
      return <ImageFields block={block} onContent={(content) => onChange({ ...block, content })} {...common} />;
    case 'quote':
      return <QuoteFields block={block} onContent={(content) => onChange({ ...block, content })} {...common} />;
    case 'list':
      return <ListFields block={block} onContent={(content) => onChange({ ...block, content })} {...common} />;
    case 'wine_showcase':
      return <ShowcaseFields block={block} onContent={(content) => onChange({ ...block, content })} {...common} />;
    case 'cta_button':
      return <ButtonFields block={block} onContent={(content) => onChange({ ...block, content })} {...common} />;
    case 'separator':
      return <p className="font-sans text-sm text-muted">En avdelare är en linje mellan blocken och har inga fält.</p>;
    default:
      return <p className="font-sans text-sm font-semibold text-wine">{CONTENT_MESSAGES.unknownBlockType}</p>;
  }
}

function HeadingFields({ block, onContent, error, onTouch, idPrefix }: FieldsProps<'heading'>) {
  const { content } = block;
  return (
    <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
      <TextField
        variant="admin"
        id={`${idPrefix}-text`}
        label="Rubrik"
        value={content.text}
        onValueChange={(text) => onContent({ ...content, text })}
        onBlur={() => onTouch('text')}
        placeholder={BLOCK_PLACEHOLDERS.heading}
        error={error('text')}
      />
      <SelectField
        variant="admin"
        id={`${idPrefix}-level`}
        label="Nivå"
        value={content.level}
        onValueChange={(level) => onContent({ ...content, level: HEADING_LEVELS.find((l) => l === level) ?? 'h2' })}
        options={HEADING_LEVELS.map((level) => ({ value: level, label: level.toUpperCase() }))}
        error={error('level')}
      />
    </div>
  );
}

function ParagraphFields({ block, onContent, error, onTouch, idPrefix }: FieldsProps<'paragraph'>) {
  return (
    <TextAreaField
      variant="admin"
      id={`${idPrefix}-text`}
      label="Text"
      value={block.content.text}
      onValueChange={(text) => onContent({ text })}
      onBlur={() => onTouch('text')}
      placeholder={BLOCK_PLACEHOLDERS.paragraph}
      rows={5}
      error={error('text')}
    />
  );
}

/** Uploaded images are served from here (api/routes/images); only those can be removed with 'Ta bort bilden'. */
const UPLOADED_IMAGE_PREFIX = '/api/images/';

/** Whether `src` is an address the preview may show (the contract's rule: https or a path of the site). */
function showableImage(src: string): boolean {
  return /^(https:\/\/\S+|\/(?!\/)\S*)$/i.test(src.trim());
}

function ImageFields({ block, onContent, error, onTouch, idPrefix }: FieldsProps<'image'>) {
  const { content } = block;
  const src = content.src.trim();
  return (
    <div className="space-y-4">
      <ImageUploadField
        id={`${idPrefix}-upload`}
        value={src.startsWith(UPLOADED_IMAGE_PREFIX) ? src : null}
        onChange={(url) => onContent({ ...content, src: url ?? '' })}
        emptyHint="Ladda upp en bild (JPEG, PNG, WebP, GIF eller AVIF, högst 5 MB) eller ange en adress nedan."
        className="grid grid-cols-[5rem_1fr] items-start gap-4 sm:grid-cols-[7rem_1fr]"
        preview={
          <div className="grid aspect-square place-items-center overflow-hidden border border-rule bg-paper-dark">
            {src && showableImage(src) ? (
              <img src={src} alt="" className="size-full object-cover" />
            ) : (
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                width="28"
                height="28"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.5"
                className="text-muted"
              >
                <rect x="3" y="4" width="18" height="16" rx="1" />
                <circle cx="9" cy="10" r="2" />
                <path d="M3 18l5-5 4 4 3-3 6 6" />
              </svg>
            )}
          </div>
        }
      />
      <TextField
        variant="admin"
        id={`${idPrefix}-src`}
        label="Bildadress"
        value={content.src}
        onValueChange={(value) => onContent({ ...content, src: value })}
        onBlur={() => onTouch('src')}
        placeholder="https://…"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        hint="Fylls i när du laddar upp en bild. Utan bild visas en platshållare."
        error={error('src')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          variant="admin"
          id={`${idPrefix}-alt`}
          label="Alternativtext"
          value={content.alt}
          onValueChange={(alt) => onContent({ ...content, alt })}
          onBlur={() => onTouch('alt')}
          placeholder={BLOCK_PLACEHOLDERS.imageAlt}
          hint="Vad bilden visar, för den som inte ser den."
          error={error('alt')}
        />
        <TextField
          variant="admin"
          id={`${idPrefix}-caption`}
          label="Bildtext (valfri)"
          value={content.caption ?? ''}
          onValueChange={(caption) => onContent({ ...content, caption })}
          onBlur={() => onTouch('caption')}
          error={error('caption')}
        />
      </div>
    </div>
  );
}

function QuoteFields({ block, onContent, error, onTouch, idPrefix }: FieldsProps<'quote'>) {
  const { content } = block;
  return (
    <div className="space-y-4">
      <TextAreaField
        variant="admin"
        id={`${idPrefix}-text`}
        label="Citat"
        value={content.text}
        onValueChange={(text) => onContent({ ...content, text })}
        onBlur={() => onTouch('text')}
        placeholder={BLOCK_PLACEHOLDERS.quote}
        rows={3}
        error={error('text')}
      />
      <TextField
        variant="admin"
        id={`${idPrefix}-author`}
        label="Upphovsperson (valfri)"
        value={content.author ?? ''}
        onValueChange={(author) => onContent({ ...content, author })}
        onBlur={() => onTouch('author')}
        error={error('author')}
      />
    </div>
  );
}

/** Two or more radio buttons under a legend (a list's kind, a button's style). */
function RadioChoice<V extends string | boolean>({
  legend,
  value,
  options,
  onChange,
}: {
  legend: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className={labelClass}>{legend}</legend>
      <div className="mt-1.5 flex flex-wrap gap-x-6 gap-y-1">
        {options.map((option) => (
          <label key={String(option.value)} className="inline-flex min-h-9 cursor-pointer items-center gap-2 font-sans text-sm text-ink">
            <input
              type="radio"
              name={name}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="size-4 accent-wine focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-wine"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const LIST_KINDS = [
  { value: false, label: 'Punktlista' },
  { value: true, label: 'Numrerad' },
] as const;

function ListFields({ block, onContent, error, onTouch, idPrefix }: FieldsProps<'list'>) {
  const { content } = block;
  const listRef = useRef<HTMLOListElement>(null);
  // The item to focus after the next render (a new item, or the one before a removed one).
  const [focusItem, setFocusItem] = useState<number | null>(null);

  useEffect(() => {
    if (focusItem === null) return;
    listRef.current?.querySelectorAll<HTMLInputElement>('input')[focusItem]?.focus();
    setFocusItem(null);
  }, [focusItem]);

  function setItem(index: number, text: string) {
    onContent({ ...content, items: content.items.map((item, i) => (i === index ? text : item)) });
  }

  function addItem(after = content.items.length - 1) {
    if (content.items.length >= LIST_ITEMS_MAX) return;
    const items = [...content.items];
    items.splice(after + 1, 0, '');
    onContent({ ...content, items });
    setFocusItem(after + 1);
  }

  function removeItem(index: number) {
    onContent({ ...content, items: content.items.filter((_, i) => i !== index) });
    setFocusItem(Math.max(0, index - 1));
  }

  // Enter in an item starts the next one, as in a word processor.
  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>, index: number) {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    addItem(index);
  }

  const listError = error('items');
  return (
    <div className="space-y-4">
      <RadioChoice legend="Listtyp" value={content.ordered} options={LIST_KINDS} onChange={(ordered) => onContent({ ...content, ordered })} />
      <fieldset>
        <legend className={labelClass}>Punkter</legend>
        <ol ref={listRef} className="mt-1.5 space-y-2">
          {content.items.map((item, index) => {
            const itemError = error(`items.${index}`);
            const errorId = `${idPrefix}-item-${index}-error`;
            return (
              // Items have no ids of their own; the index is their identity, as in the stored list.
              <li key={index}>
                <div className="flex items-center gap-2">
                  <span aria-hidden="true" className="w-6 shrink-0 text-right font-sans text-sm text-muted">
                    {content.ordered ? `${index + 1}.` : '•'}
                  </span>
                  <input
                    type="text"
                    value={item}
                    onChange={(e) => setItem(index, e.target.value)}
                    onKeyDown={(e) => handleKeyDown(e, index)}
                    onBlur={() => onTouch(`items.${index}`)}
                    placeholder={BLOCK_PLACEHOLDERS.listItem}
                    aria-label={`Punkt ${index + 1}`}
                    aria-invalid={itemError ? true : undefined}
                    aria-describedby={itemError ? errorId : undefined}
                    className={inputClass}
                  />
                  <button
                    type="button"
                    className={`${smallButtonClass} px-2.5`}
                    onClick={() => removeItem(index)}
                    disabled={content.items.length <= 1}
                    aria-label={`Ta bort punkt ${index + 1}`}
                    title="Ta bort punkten"
                  >
                    <svg
                      aria-hidden="true"
                      viewBox="0 0 24 24"
                      width="16"
                      height="16"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinecap="round"
                    >
                      <path d="M6 6l12 12M18 6L6 18" />
                    </svg>
                  </button>
                </div>
                {itemError && (
                  <div className="pl-8">
                    <FieldError id={errorId}>{itemError}</FieldError>
                  </div>
                )}
              </li>
            );
          })}
        </ol>
        {listError && <FieldError id={`${idPrefix}-items-error`}>{listError}</FieldError>}
        <button type="button" className={`${smallButtonClass} mt-3`} onClick={() => addItem()} disabled={content.items.length >= LIST_ITEMS_MAX}>
          <span aria-hidden="true">+</span> Lägg till punkt
        </button>
      </fieldset>
    </div>
  );
}

const BUTTON_STYLES = [
  { value: 'primary', label: 'Primär' },
  { value: 'secondary', label: 'Sekundär' },
] as const;

function ButtonFields({ block, onContent, error, onTouch, idPrefix }: FieldsProps<'cta_button'>) {
  const { content } = block;
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          variant="admin"
          id={`${idPrefix}-text`}
          label="Knapptext"
          value={content.text}
          onValueChange={(text) => onContent({ ...content, text })}
          onBlur={() => onTouch('text')}
          placeholder={BLOCK_PLACEHOLDERS.buttonText}
          error={error('text')}
        />
        <TextField
          variant="admin"
          id={`${idPrefix}-link`}
          label="Länk"
          value={content.link}
          onValueChange={(link) => onContent({ ...content, link })}
          onBlur={() => onTouch('link')}
          placeholder={BLOCK_PLACEHOLDERS.buttonLink}
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          hint="Till exempel /fynd, https://… eller mailto:…"
          error={error('link')}
        />
      </div>
      <RadioChoice legend="Stil" value={content.style} options={BUTTON_STYLES} onChange={(style) => onContent({ ...content, style })} />
    </div>
  );
}
