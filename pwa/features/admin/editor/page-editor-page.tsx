import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { useParams } from 'react-router-dom';
import type { PageContent } from '../../../../api/contract/admin-content';
import { PageContentUpdate, type ContentBlock } from '../../../../api/contract/content';
import { CONTENT_MESSAGES, pageDisplayName } from '../../../../api/contract/content-rules';
import { isSiteRoute } from '../../../../api/contract/site-routes';
import { AdminGuard } from '../admin-guard';
import { LoadError } from '../../../components/ui/states';
import { TextField } from '../../../components/ui/field';
import { usePageContent, useSavePage } from './api';
import { BlockEditor } from './block-editor';
import { blockEditorErrors, setSaveErrors } from './editor-errors';
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
import { builderSendsHtml, contentIsHtml } from './editor-save';

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

/** The page editor's form: the title, the builder's blocks and the HTML editor's HTML (spec 001 §2 'Page editor'). */
interface PageForm {
  title: string;
  blocks: ContentBlock[];
  content: string;
}

const valuesOf = (page: PageContent): PageForm => ({ title: page.title, blocks: page.blocks ?? [], content: page.content });

/**
 * PageContentUpdate's rules for the title and the HTML (api/contract/content.ts); the blocks are checked by the block
 * editor with the same contract (ContentBlocks) before it saves, and the HTML editor does not send them.
 */
const pageFormCheck = zodResolver(
  // The blocks pass as they are: BlockEditor has checked them with ContentBlocks.
  PageContentUpdate.extend({ blocks: z.custom<ContentBlock[]>() }),
  undefined,
  { raw: true },
) as Resolver<PageForm>;

/**
 * The editor of one page: the header (display name, 'Redigera sidinnehåll', Aktiv/Inaktiv, the mode toggle,
 * 'Förhandsgranska'), then the builder (title and blocks, saved as blocks) or the HTML editor (title and HTML,
 * 'Spara ändringar'). The builder starts with the page's saved blocks; when the page was last saved as HTML it
 * starts empty and warns that saving replaces that HTML. Each save answers with the stored page, which both modes
 * then show. The form is react-hook-form's, checked with the contract (pageFormCheck); a refused save puts the
 * server's messages on the title, the HTML or the blocks, and the focus on the first of the title and the HTML.
 */
function PageEditorForm({ page }: { page: PageContent }) {
  const save = useSavePage();
  const [saved, setSaved] = useState(page);
  const [mode, setMode] = useState<EditorMode>('builder');
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    reset,
    setError,
    formState: { errors, dirtyFields },
  } = useForm<PageForm>({ resolver: pageFormCheck, defaultValues: valuesOf(page) });
  const blocks = watch('blocks');
  const previewPath = publicPagePath(page.pageId);
  const replacesHtml = contentIsHtml(saved, Boolean(dirtyFields.content));

  /**
   * Sends the title with the blocks (builder) or with the HTML (HTML editor), once the form passes its check. The
   * builder without blocks sends the HTML instead (builderSendsHtml), so that a save never empties the page.
   */
  const submit = (from: EditorMode) =>
    handleSubmit(({ title, blocks, content }) =>
      save.mutate(
        { id: page.id, pageId: page.pageId, body: from === 'builder' && !builderSendsHtml(blocks) ? { title, blocks } : { title, content } },
        {
          onSuccess: (result) => {
            setSaved(result);
            reset(valuesOf(result));
          },
          onError: (err) => setSaveErrors(err, setError, ['title', 'content']),
        },
      ),
    )();

  const titleField = (
    <TextField variant="admin" label="Titel" {...register('title')} error={errors.title?.message} maxLength={200} autoComplete="off" />
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
            // Not revalidated on change: the block editor checks the blocks itself and hides a server message once
            // its field is edited.
            onChange={(next) => setValue('blocks', next, { shouldDirty: true })}
            saveLabel="Spara sida"
            onSave={() => void submit('builder')}
            saving={save.isPending}
            replacesHtml={replacesHtml}
            errors={blockEditorErrors(errors)}
          />
        </div>
      ) : (
        <HtmlEditor
          field={register('content')}
          error={errors.content?.message}
          saveLabel="Spara ändringar"
          saving={save.isPending}
          onSave={() => void submit('html')}
          fields={<div className="max-w-2xl">{titleField}</div>}
        />
      )}
    </EditorFrame>
  );
}
