import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { Article, ArticleInput, ContentBlock } from '../../../../api/contract/content';
import { CONTENT_MESSAGES } from '../../../../api/contract/content-rules';
import { ApiError } from '../../../lib/api-client';
import { AdminGuard } from '../admin-guard';
import { LoadError } from '../../../components/ui/states';
import { useAdminArticle, useCreateArticle, useUpdateArticle } from './api';
import { BlockEditor } from './block-editor';
import { ArticleFields, type ArticleMeta } from './editor-article-fields';
import { saveErrors } from './editor-errors';
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

const metaOf = (article: Article | null): ArticleMeta => ({
  title: article?.title ?? '',
  excerpt: article?.excerpt ?? '',
  featuredImageUrl: article?.featuredImageUrl ?? '',
  authorId: article?.authorId ?? 'admin',
  isPublished: article?.isPublished ?? false,
});

/**
 * The article editor: header 'Skapa ny artikel' or 'Redigera artikel' (with Publicerad/Utkast and
 * 'Förhandsgranska' → /artiklar/{slug}), the metadata, then the builder ('Spara artikel') or the HTML editor
 * ('Skapa artikel' / 'Uppdatera artikel'). Creating goes to the content tab's articles; updating stays, showing
 * the stored article in both modes. The builder starts with the saved blocks; an article last saved as HTML
 * starts empty with the warning that saving replaces that HTML.
 */
function ArticleEditorForm({ article }: { article: Article | null }) {
  const navigate = useNavigate();
  const [saved, setSaved] = useState(article);
  const [mode, setMode] = useState<EditorMode>('builder');
  const [meta, setMeta] = useState(() => metaOf(article));
  const [blocks, setBlocks] = useState<ContentBlock[]>(article?.blocks ?? []);
  const [html, setHtml] = useState(article?.content ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState(false);

  const create = useCreateArticle(() => navigate(ARTICLES_TAB_URL));
  const update = useUpdateArticle((result) => {
    setSaved(result);
    setMeta(metaOf(result));
    setBlocks(result.blocks ?? []);
    setHtml(result.content);
    setErrors({});
  });
  const saving = create.isPending || update.isPending || uploading;
  const replacesHtml = saved !== null && saved.blocks === null && saved.content.trim() !== '';

  function submit(content: { blocks: ContentBlock[] } | { content: string }) {
    const body: ArticleInput = {
      title: meta.title,
      excerpt: meta.excerpt,
      featuredImageUrl: meta.featuredImageUrl.trim() || null,
      authorId: meta.authorId,
      isPublished: meta.isPublished,
      ...content,
    };
    const onError = (err: unknown) => {
      const found = saveErrors(err);
      setErrors(found);
      if (found.title) document.getElementById('article-title')?.focus();
    };
    if (saved) update.mutate({ id: saved.id, body }, { onError });
    else create.mutate(body, { onError });
  }

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
        <ArticleFields value={meta} onChange={setMeta} errors={errors} onUploadingChange={setUploading} />
        {mode === 'builder' ? (
          <BlockEditor
            blocks={blocks}
            onChange={setBlocks}
            saveLabel="Spara artikel"
            onSave={() => submit({ blocks })}
            saving={saving}
            replacesHtml={replacesHtml}
            errors={errors}
          />
        ) : (
          <HtmlEditor
            value={html}
            onChange={setHtml}
            error={errors.content}
            saveLabel={saved ? 'Uppdatera artikel' : 'Skapa artikel'}
            saving={saving}
            onSave={() => submit({ content: html })}
          />
        )}
      </div>
    </EditorFrame>
  );
}
