import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { useNavigate, useParams } from 'react-router-dom';
import { ArticleInput, type Article, type ContentBlock } from '../../../../api/contract/content';
import { CONTENT_MESSAGES } from '../../../../api/contract/content-rules';
import { ApiError } from '../../../lib/api-client';
import { AdminGuard } from '../admin-guard';
import { LoadError } from '../../../components/ui/states';
import { useAdminArticle, useCreateArticle, useUpdateArticle } from './api';
import { BlockEditor } from './block-editor';
import { ArticleFields, type ArticleForm } from './editor-article-fields';
import { blockEditorErrors, setSaveErrors } from './editor-errors';
import {
  ARTICLES_TAB_URL,
  EditorFrame,
  EditorHeader,
  EditorModeToggle,
  EditorNotFound,
  EditorSkeleton,
  PreviewLink,
  StatusBadge,
  useEditorTitle,
  type EditorMode,
} from './editor-frame';
import { HtmlEditor } from './editor-html';
import { builderSendsHtml, contentIsHtml } from './editor-save';

/**
 * /admin/article-editor/{id?} (spec 001 §2 'Article editor'), for admins: without an id a new article, with one
 * the article read from GET /api/admin/articles/{id} (a skeleton meanwhile, 'Artikeln hittades inte' when gone).
 */
export function ArticleEditorPage() {
  const { id } = useParams();
  return <AdminGuard>{() => <ArticleEditor key={id ?? 'new'} id={id} />}</AdminGuard>;
}

function ArticleEditor({ id }: { id: string | undefined }) {
  const article = useAdminArticle(id);
  useEditorTitle(id ? 'Redigera artikel' : 'Skapa ny artikel');

  if (!id) return <ArticleEditorForm article={null} />;
  if (article.isPending) {
    return (
      <EditorFrame backTo={ARTICLES_TAB_URL}>
        <EditorSkeleton label="Laddar artikeln…" />
      </EditorFrame>
    );
  }
  if (article.isError) {
    const missing = article.error instanceof ApiError && (article.error.status === 404 || article.error.status === 400);
    return (
      <EditorFrame backTo={ARTICLES_TAB_URL}>
        {missing ? (
          <EditorNotFound
            message={CONTENT_MESSAGES.articleNotFound}
            detail="Artikeln kan ha tagits bort. Alla artiklar finns under Innehåll → Artiklar."
            backTo={ARTICLES_TAB_URL}
            backLabel="Tillbaka till artiklarna"
          />
        ) : (
          <LoadError message="Artikeln kunde inte laddas." onRetry={() => void article.refetch()} />
        )}
      </EditorFrame>
    );
  }
  return <ArticleEditorForm key={article.data.id} article={article.data} />;
}

const valuesOf = (article: Article | null): ArticleForm => ({
  title: article?.title ?? '',
  excerpt: article?.excerpt ?? '',
  featuredImageUrl: article?.featuredImageUrl ?? '',
  authorId: article?.authorId ?? 'admin',
  isPublished: article?.isPublished ?? false,
  blocks: article?.blocks ?? [],
  content: article?.content ?? '',
});

/**
 * ArticleInput's rules for the metadata and the HTML (api/contract/content.ts: 'Ange en rubrik.' for a blank title,
 * lengths, the image address); the blocks are checked by the block editor with the same contract (ContentBlocks)
 * before it saves, and the HTML editor does not send them. Raw: the body is built from the values as typed.
 */
const articleFormCheck = zodResolver(
  // The blocks pass as they are: BlockEditor has checked them with ContentBlocks.
  ArticleInput.extend({ blocks: z.custom<ContentBlock[]>() }),
  undefined,
  { raw: true },
) as Resolver<ArticleForm>;

/** The fields that take a refused save's messages, in the order the first one gets the focus. */
const ARTICLE_FIELDS = ['title', 'excerpt', 'featuredImageUrl', 'authorId', 'content'] as const;

/**
 * The article editor: header 'Skapa ny artikel' or 'Redigera artikel' (with Publicerad/Utkast and
 * 'Förhandsgranska' → /artiklar/{slug}), the metadata, then the builder ('Spara artikel') or the HTML editor
 * ('Skapa artikel' / 'Uppdatera artikel'). Creating goes to the content tab's articles; updating stays, showing
 * the stored article in both modes. The builder starts with the saved blocks; an article last saved as HTML
 * starts empty with the warning that saving replaces that HTML. The form is react-hook-form's (articleFormCheck):
 * a refused save, here or by the server, puts the messages on the fields and the focus on the first of them.
 */
function ArticleEditorForm({ article }: { article: Article | null }) {
  const navigate = useNavigate();
  const [saved, setSaved] = useState(article);
  const [mode, setMode] = useState<EditorMode>('builder');
  const {
    register,
    control,
    handleSubmit,
    setValue,
    watch,
    reset,
    setError,
    formState: { errors, dirtyFields },
  } = useForm<ArticleForm>({ resolver: articleFormCheck, defaultValues: valuesOf(article) });
  const blocks = watch('blocks');
  const [uploading, setUploading] = useState(false);

  const create = useCreateArticle(() => navigate(ARTICLES_TAB_URL));
  const update = useUpdateArticle((result) => {
    setSaved(result);
    reset(valuesOf(result));
  });
  const saving = create.isPending || update.isPending || uploading;
  const replacesHtml = contentIsHtml(saved, Boolean(dirtyFields.content));

  /** Sends the metadata with the blocks (builder) or with the HTML (HTML editor), once the form passes its check. */
  const submit = (from: EditorMode) =>
    handleSubmit((values) => {
      const body: ArticleInput = {
        title: values.title,
        excerpt: values.excerpt,
        featuredImageUrl: values.featuredImageUrl.trim() || null,
        authorId: values.authorId,
        isPublished: values.isPublished,
        // The builder without blocks sends the HTML instead (builderSendsHtml), so a save never empties the article.
        ...(from === 'builder' && !builderSendsHtml(values.blocks) ? { blocks: values.blocks } : { content: values.content }),
      };
      const onError = (err: unknown) => setSaveErrors(err, setError, ARTICLE_FIELDS);
      if (saved) update.mutate({ id: saved.id, body }, { onError });
      else create.mutate(body, { onError });
    })();

  return (
    <EditorFrame backTo={ARTICLES_TAB_URL}>
      <EditorHeader
        heading={saved ? 'Redigera artikel' : 'Skapa ny artikel'}
        subheading={saved ? saved.title : undefined}
        badge={saved && <StatusBadge on={saved.isPublished} onLabel="Publicerad" offLabel="Utkast" />}
        actions={
          <>
            <EditorModeToggle mode={mode} onChange={setMode} builderLabel="Artikelbyggare" />
            {saved && <PreviewLink href={`/artiklar/${saved.slug}`} />}
          </>
        }
      />
      <div className="space-y-6">
        <ArticleFields register={register} control={control} errors={errors} onUploadingChange={setUploading} />
        {mode === 'builder' ? (
          <BlockEditor
            blocks={blocks}
            // Not revalidated on change: the block editor checks the blocks itself and hides a server message once
            // its field is edited.
            onChange={(next) => setValue('blocks', next, { shouldDirty: true })}
            saveLabel="Spara artikel"
            onSave={() => void submit('builder')}
            saving={saving}
            replacesHtml={replacesHtml}
            errors={blockEditorErrors(errors)}
          />
        ) : (
          <HtmlEditor
            field={register('content')}
            error={errors.content?.message}
            saveLabel={saved ? 'Uppdatera artikel' : 'Skapa artikel'}
            saving={saving}
            onSave={() => void submit('html')}
          />
        )}
      </div>
    </EditorFrame>
  );
}
