import { useState } from 'react';
import { useParams } from 'react-router-dom';
import type { PageContent } from '../../../../api/contract/admin-content';
import type { ContentBlock } from '../../../../api/contract/content';
import { CONTENT_MESSAGES, pageDisplayName } from '../../../../api/contract/content-rules';
import { isSiteRoute } from '../../../../api/contract/site-routes';
import { AdminGuard } from '../admin-guard';
import { LoadError } from '../../../components/ui/states';
import { TextField } from '../../../components/ui/field';
import { usePageContent, useSavePage } from './api';
import { BlockEditor } from './block-editor';
import { saveErrors } from './editor-errors';
import {
  CONTENT_TAB_URL,
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
 * /admin/page-editor/{pageId} (spec 001 §2 'Page editor'), for admins: a skeleton while loading, 'Sidan hittades
 * inte' for an unknown page, else the editor.
 */
export function PageEditorPage() {
  const { pageId = '' } = useParams();
  return <AdminGuard>{() => <PageEditor pageId={pageId} />}</AdminGuard>;
}

/** The public address of a CMS page, when the site has one (/om-oss, /fynd, /artiklar, …); else null. */
export function publicPagePath(pageId: string): string | null {
  const path = `/${pageId}`;
  return !pageId.startsWith('admin') && isSiteRoute(path) ? path : null;
}

function PageEditor({ pageId }: { pageId: string }) {
  const page = usePageContent(pageId);
  useEditorTitle(`Redigera ${pageDisplayName(pageId)}`);

  if (page.isPending) {
    return (
      <EditorFrame backTo={CONTENT_TAB_URL}>
        <EditorSkeleton label="Laddar sidan…" />
      </EditorFrame>
    );
  }
  if (page.isError) {
    return (
      <EditorFrame backTo={CONTENT_TAB_URL}>
        <LoadError message="Sidan kunde inte laddas." onRetry={() => void page.refetch()} />
      </EditorFrame>
    );
  }
  if (!page.data) {
    return (
      <EditorFrame backTo={CONTENT_TAB_URL}>
        <EditorNotFound
          message={CONTENT_MESSAGES.pageNotFound}
          detail={`Det finns ingen sida med id ”${pageId}”. Sidorna finns under Innehåll → Sidor.`}
          backTo={CONTENT_TAB_URL}
          backLabel="Tillbaka till innehållet"
        />
      </EditorFrame>
    );
  }
  return <PageEditorForm key={page.data.id} page={page.data} />;
}

/**
 * The editor of one page: the header (display name, 'Redigera sidinnehåll', Aktiv/Inaktiv, the mode toggle,
 * 'Förhandsgranska'), then the builder (title and blocks, saved as blocks) or the HTML editor (title and HTML,
 * 'Spara ändringar'). The builder starts with the page's saved blocks; when the page was last saved as HTML it
 * starts empty and warns that saving replaces that HTML. Each save answers with the stored page, which both modes
 * then show.
 */
function PageEditorForm({ page }: { page: PageContent }) {
  const save = useSavePage();
  const [saved, setSaved] = useState(page);
  const [mode, setMode] = useState<EditorMode>('builder');
  const [title, setTitle] = useState(page.title);
  const [blocks, setBlocks] = useState<ContentBlock[]>(page.blocks ?? []);
  const [html, setHtml] = useState(page.content);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const previewPath = publicPagePath(page.pageId);
  const replacesHtml = saved.blocks === null && saved.content.trim() !== '';

  function submit(body: { title: string; blocks: ContentBlock[] } | { title: string; content: string }) {
    save.mutate(
      { id: page.id, pageId: page.pageId, body },
      {
        onSuccess: (result) => {
          setSaved(result);
          setTitle(result.title);
          setBlocks(result.blocks ?? []);
          setHtml(result.content);
          setErrors({});
        },
        onError: (err) => setErrors(saveErrors(err)),
      },
    );
  }

  const titleField = (
    <TextField variant="admin" label="Titel" value={title} onValueChange={setTitle} error={errors.title} maxLength={200} autoComplete="off" />
  );

  return (
    <EditorFrame backTo={CONTENT_TAB_URL}>
      <EditorHeader
        heading={pageDisplayName(page.pageId)}
        subheading="Redigera sidinnehåll"
        badge={<StatusBadge on={saved.isActive} onLabel="Aktiv" offLabel="Inaktiv" />}
        actions={
          <>
            <EditorModeToggle mode={mode} onChange={setMode} builderLabel="Sidbyggare" />
            {previewPath && <PreviewLink href={previewPath} />}
          </>
        }
      />
      {mode === 'builder' ? (
        <div className="space-y-5">
          <div className="max-w-2xl">{titleField}</div>
          <BlockEditor
            blocks={blocks}
            onChange={setBlocks}
            saveLabel="Spara sida"
            onSave={() => submit({ title, blocks })}
            saving={save.isPending}
            replacesHtml={replacesHtml}
            errors={errors}
          />
        </div>
      ) : (
        <HtmlEditor
          value={html}
          onChange={setHtml}
          error={errors.content}
          saveLabel="Spara ändringar"
          saving={save.isPending}
          onSave={() => submit({ title, content: html })}
          fields={<div className="max-w-2xl">{titleField}</div>}
        />
      )}
    </EditorFrame>
  );
}
