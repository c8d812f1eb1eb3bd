import { ErrorBody } from '../../contract/errors';
import { BulkSubmitBody, BulkSubmitResult, BulkUploadResult } from '../../contract/partner';
import { BULK_UPLOAD_FIELD, BULK_UPLOAD_MAX_BYTES, PARTNER_MESSAGES as M } from '../../contract/partner-rules';
import { DEFAULT_IMPORT_LIMITS, importPartnerWines, type ImportTimings } from '../../excel/bulk-import';
import { ExcelFileError, type ExcelErrorKind } from '../../excel/errors';
import { buildTemplate, TEMPLATE_FILE_NAME } from '../../excel/template';
import { HttpError } from '../../lib/http-errors';
import { singleFileUpload } from '../../lib/multipart';
import { defineRoute } from '../../lib/route';
import type { AppRouter } from '../../lib/router';
import { presentBulkSubmit } from '../../presenters/partner-bulk';
import { submitPartnerWines } from '../../services/partner-bulk-submit';

/** The multipart Excel upload's path (spec 001 §7): the CSRF guard lets multipart through here only. */
export const BULK_UPLOAD_PATH = '/api/partner/wines/bulk-upload';
/** Several drafts sent for review in one call (Mina viner: 'Skicka in markerade'). */
export const BULK_SUBMIT_PATH = '/api/partner/wines/bulk-submit';
/** The Excel template's path (spec 001 §7: opened in a new tab). */
export const TEMPLATE_PATH = '/api/partner/wines/template';
/** What a multipart body may carry besides the file: the boundary and part headers (a few hundred bytes). */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const error = (description: string) => ({ description, schema: ErrorBody });

/** Each refusal of a whole file as a status and a stable code (spec 001 §5, §8). */
const REFUSALS: Record<ExcelErrorKind, { status: number; code: string }> = {
  wrongType: { status: 400, code: 'wrong_file_type' },
  unreadable: { status: 400, code: 'file_unreadable' },
  tooComplex: { status: 413, code: 'file_too_complex' },
  empty: { status: 400, code: 'file_empty' },
  headersMissing: { status: 400, code: 'headers_missing' },
};

const upload = singleFileUpload({
  field: BULK_UPLOAD_FIELD,
  maxBytes: BULK_UPLOAD_MAX_BYTES,
  overheadBytes: MULTIPART_OVERHEAD_BYTES,
  messages: { tooLarge: M.fileTooLarge, onlyOne: 'Ladda upp en fil i taget.', missing: M.fileMissing, unreadable: M.fileUnreadable },
  emptyCode: 'file_empty',
});

/**
 * The partner's Excel template and bulk upload (spec 001 §2 'Bulk-upload', §3 'Bulk upload result', §5, §7, §8).
 * Registered before the partner routes, so /api/partner/wines/template is never read as a wine id.
 * - GET /api/partner/wines/template (partners): vinpressen-mall.xlsx — sheet 'Viner' (headers and an example row),
 *   sheet 'Tillåtna värden' (food pairings, occasions and categories with their labels, and the rules).
 * - POST /api/partner/wines/bulk-upload (partners): multipart/form-data, the file in field 'excel', header
 *   'X-Vinpressen-Upload: 1'. .xlsx or .xls by name and content, at most 10 MB (413 before parsing). Every row is
 *   checked with BulkWineRow (PartnerWineInput and the volume); in one transaction, a row with the name, vintage and
 *   volume of one of the partner's drafts updates it, the others become drafts; the template's example row is never
 *   imported. 200 with {results: {totalRows, successCount, createdCount, updatedCount, failureCount,
 *   successful[{row,name,id,action}], failed[{row,name,error}], skippedExamples[{row,name}]}}.
 * - POST /api/partner/wines/bulk-submit (partners): {ids: uuid[]} (1–500) → 200 {submittedCount, refusedCount,
 *   submitted[{id,name}], refused[{id,name,code,error,missing}]}: each draft judged and sent exactly like
 *   POST /api/partner/wines/{id}/submit, in a transaction of its own (all or nothing per wine). Another partner's or a
 *   missing id is refused as 'wine_not_found' and named by nothing.
 */
export function partnerBulkRoutes(router: AppRouter): void {
  defineRoute(
    router,
    {
      method: 'get',
      path: TEMPLATE_PATH,
      summary:
        "The Excel template for bulk upload (vinpressen-mall.xlsx): sheet 'Viner' with the headers and an example row, sheet 'Tillåtna värden'",
      tags: ['partner'],
      access: ['partner'],
      responses: {
        200: { description: 'The .xlsx file (attachment)' },
        401: error('Not signed in'),
        403: error('Not a partner'),
      },
    },
    (ctx) => {
      ctx.set('Content-Disposition', `attachment; filename="${TEMPLATE_FILE_NAME}"`);
      ctx.set('Cache-Control', 'no-store');
      ctx.type = XLSX_TYPE;
      ctx.body = buildTemplate();
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: BULK_UPLOAD_PATH,
      summary:
        "Upload wines from Excel (multipart/form-data, field 'excel', header 'X-Vinpressen-Upload: 1'; .xlsx or .xls, at most 10 MB). Valid rows become drafts; answers per-row results",
      tags: ['partner'],
      access: ['partner'],
      responses: {
        200: { description: 'Read: the rows saved as drafts and the rows refused, with Excel row numbers', schema: BulkUploadResult },
        400: error("Not an Excel file ('Fel filtyp'), unreadable, no file, no wine rows, or required headers missing"),
        401: error('Not signed in'),
        403: error('Not a partner, or not sent from the site (CSRF guard)'),
        413: error('Over 10 MB, or too large or complex once unpacked (zip bomb, too many rows or cells)'),
        415: error('Not multipart/form-data with the upload header'),
      },
    },
    ...upload.middleware,
    async (ctx) => {
      const file = upload.readFile(ctx);
      const bytes = file.bytes;

      const user = ctx.state.user;
      const timings: ImportTimings = { inspectMs: 0, parseMs: 0, checkMs: 0, insertMs: 0 };
      try {
        const answer = await importPartnerWines(ctx.db, user.id, { name: file.name, bytes }, DEFAULT_IMPORT_LIMITS, timings);
        const { totalRows, successCount, failureCount } = answer.results;
        ctx.log.info({ bulkUpload: { bytes: bytes.length, totalRows, successCount, failureCount, ...timings } }, 'bulk upload');
        ctx.body = answer;
      } catch (err) {
        if (!(err instanceof ExcelFileError)) throw err;
        const refusal = REFUSALS[err.kind];
        throw new HttpError(refusal.status, refusal.code, err.message);
      }
      ctx.status = 200;
      ctx.set('Cache-Control', 'no-store');
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: BULK_SUBMIT_PATH,
      summary:
        'Send several drafts for review at once (draft → pending), each checked like POST /api/partner/wines/{id}/submit and written on its own; answers which were sent and why the others were not',
      tags: ['partner'],
      access: ['partner'],
      body: BulkSubmitBody,
      responses: {
        200: {
          description:
            "Each wine submitted or refused: 'wine_not_found' (missing or another partner's), 'already_submitted' (not a draft), 'submit_not_ready' (with the missing fields)",
          schema: BulkSubmitResult,
        },
        400: error('No ids, more than 500, or an id that is not a UUID'),
        401: error('Not signed in'),
        403: error('Not a partner, or not sent from the site (CSRF guard)'),
      },
    },
    async (ctx) => {
      const outcomes = await submitPartnerWines(ctx.db, ctx.state.user.id, ctx.state.input.body.ids);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = presentBulkSubmit(outcomes);
    },
  );
}
