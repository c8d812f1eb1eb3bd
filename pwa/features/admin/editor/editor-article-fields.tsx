import { Description, Field, Label, Switch } from '@headlessui/react';
import { useId, useRef } from 'react';
import { FieldError, FieldHint, labelClass, TextAreaField, TextField } from '../../../components/ui/field';
import { useImageUpload } from '../api/use-image-upload';
import { inputClass, smallButtonClass } from '../../../components/ui/classes';
import { IMAGE_FORMATS_HINT } from '../components/image-upload-field';

/** The article's metadata as the editor holds it (spec 001 §2 'Article editor'). */
export interface ArticleMeta {
  title: string;
  excerpt: string;
  featuredImageUrl: string;
  authorId: string;
  isPublished: boolean;
}

/**
 * The article editor's metadata (spec 001 §2): Artikeltitel, Sammanfattning, Huvudbild URL with an upload button
 * (the uploaded image's address goes into the field) and a small preview, Författare (free text, 'admin' by
 * default) and the 'Publicera artikel' switch. `errors` are the server's messages by field name.
 */
export function ArticleFields({
  value,
  onChange,
  errors,
  onUploadingChange,
}: {
  value: ArticleMeta;
  onChange: (value: ArticleMeta) => void;
  errors: Record<string, string>;
  onUploadingChange: (uploading: boolean) => void;
}) {
  const set =
    <K extends keyof ArticleMeta>(key: K) =>
    (v: ArticleMeta[K]) =>
      onChange({ ...value, [key]: v });
  return (
    <section aria-label="Artikelns uppgifter" className="grid gap-5 border border-rule bg-white/50 p-4 sm:p-5 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <TextField
          variant="admin"
          id="article-title"
          label="Artikeltitel"
          value={value.title}
          onValueChange={set('title')}
          error={errors.title}
          required
          maxLength={200}
          autoComplete="off"
        />
      </div>
      <div className="lg:col-span-2">
        <TextAreaField
          variant="admin"
          label="Sammanfattning"
          value={value.excerpt}
          onValueChange={set('excerpt')}
          error={errors.excerpt}
          hint="Visas i artikellistan och när artikeln delas."
          maxLength={1000}
          rows={3}
        />
      </div>
      <FeaturedImageField
        value={value.featuredImageUrl}
        onChange={set('featuredImageUrl')}
        error={errors.featuredImageUrl}
        onUploadingChange={onUploadingChange}
      />
      <div className="space-y-5">
        <TextField
          variant="admin"
          label="Författare"
          value={value.authorId}
          onValueChange={set('authorId')}
          error={errors.authorId}
          maxLength={100}
          autoComplete="off"
        />
        <PublishSwitch checked={value.isPublished} onChange={set('isPublished')} />
      </div>
    </section>
  );
}

/** 'Publicera artikel' (Headless UI Switch): on, the article shows on /artiklar once saved. */
function PublishSwitch({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <Field className="flex items-start gap-3">
      <Switch
        checked={checked}
        onChange={onChange}
        className="group relative mt-0.5 inline-flex h-7 w-12 shrink-0 items-center border-2 border-ink bg-paper transition-colors data-checked:border-green data-checked:bg-green"
      >
        <span
          aria-hidden="true"
          className="size-5 translate-x-0.5 bg-ink transition-transform group-data-checked:translate-x-[1.4rem] group-data-checked:bg-white"
        />
      </Switch>
      <div>
        <Label className={`${labelClass} cursor-pointer`}>Publicera artikel</Label>
        <Description className="mt-0.5 font-sans text-sm text-muted">
          {checked ? 'Artikeln visas på /artiklar när du sparar.' : 'Artikeln sparas som utkast och visas inte för besökare.'}
        </Description>
      </div>
    </Field>
  );
}

/**
 * 'Huvudbild URL': an address typed in, or an image uploaded with 'Ladda upp bild' (POST /api/admin/images; the
 * answer's /api/images/{id} fills the field). A small preview shows the image while there is an address.
 */
function FeaturedImageField({
  value,
  onChange,
  error,
  onUploadingChange,
}: {
  value: string;
  onChange: (url: string) => void;
  error?: string;
  onUploadingChange: (uploading: boolean) => void;
}) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const { handleFile, uploading, uploadError, clearError } = useImageUpload({ onUploaded: onChange, onBusyChange: onUploadingChange });
  const message = uploadError ?? error;
  const describedBy = message ? `${id}-error` : `${id}-hint`;

  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        Huvudbild URL
      </label>
      <div className="mt-1.5 flex gap-3">
        {value.trim() && <img src={value} alt="" className="size-[4.5rem] shrink-0 border border-rule bg-paper-dark object-cover" />}
        <div className="min-w-0 flex-1 space-y-2">
          <input
            id={id}
            type="text"
            inputMode="url"
            value={value}
            onChange={(e) => {
              clearError();
              onChange(e.target.value);
            }}
            placeholder="https://… eller /api/images/…"
            autoComplete="off"
            aria-invalid={message ? true : undefined}
            aria-describedby={describedBy}
            className={inputClass}
          />
          {/* The native picker speaks the browser's language: hidden, opened by the Swedish button below. */}
          <input
            ref={fileRef}
            id={`${id}-file`}
            type="file"
            accept="image/*"
            tabIndex={-1}
            aria-label="Huvudbild att ladda upp"
            onChange={(e) => void handleFile(e)}
            disabled={uploading}
            className="sr-only"
          />
          <div className="flex flex-wrap items-center gap-2">
            <button type="button" className={smallButtonClass} onClick={() => fileRef.current?.click()} disabled={uploading}>
              {uploading ? 'Laddar upp…' : 'Ladda upp bild'}
            </button>
            {value && (
              <button type="button" className={smallButtonClass} onClick={() => onChange('')} disabled={uploading}>
                Ta bort bilden
              </button>
            )}
          </div>
        </div>
      </div>
      <p role="status" className="sr-only">
        {uploading ? 'Laddar upp bilden…' : ''}
      </p>
      {message ? <FieldError id={`${id}-error`}>{message}</FieldError> : <FieldHint id={`${id}-hint`}>{IMAGE_FORMATS_HINT}</FieldHint>}
    </div>
  );
}
