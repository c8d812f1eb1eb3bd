import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type DragEvent } from 'react';
import { toast } from '../../lib/toast';
import type { BulkUploadResult } from '../../../api/contract/partner';
import {
  BULK_RESULT_SUCCESSES_SHOWN,
  BULK_UPLOAD_EXTENSIONS,
  BULK_UPLOAD_FIELD,
  BULK_UPLOAD_MAX_BYTES,
  PARTNER_MESSAGES as M,
} from '../../../api/contract/partner-rules';
import { ApiError, AUTH_401_EVENT, isNetworkError } from '../../lib/api-client';
import { PARTNER_WINES_KEY, TEMPLATE_URL } from './api';
import { useSwitchPartnerTab } from './partner-tabs';

// The partner dashboard's Bulk-upload tab (spec 001 §2 'Partner dashboard', §5 'Bulk upload', §7, §8, §9).

/** Where the Excel file goes (api/routes/partner-bulk/router.ts). */
export const BULK_UPLOAD_URL = '/api/partner/wines/bulk-upload';

type Results = BulkUploadResult['results'];

/** True when `name` ends in .xlsx or .xls, case-insensitive (spec 001 §5); the server also checks the content. */
export function isExcelFileName(name: string): boolean {
  const lower = name.toLowerCase();
  return BULK_UPLOAD_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/** A size in bytes as megabytes with two decimals and a Swedish comma: 1572864 → '1,50 MB'. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toLocaleString('sv-SE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} MB`;
}

/**
 * POSTs `file` as multipart (field 'excel', the CSRF guard's header `X-Vinpressen-Upload: 1`) with XMLHttpRequest,
 * whose upload events report progress (fetch has none for request bodies). `onProgress` gets the sent share 0–1.
 * Same conventions as api-client: cookies sent, no cache, a 401 raises the global `auth:401` event.
 * @throws ApiError with the parsed error body on a non-OK status; TypeError when the network fails
 */
export function uploadExcel(file: File, onProgress: (share: number) => void): Promise<BulkUploadResult> {
  const form = new FormData();
  form.append(BULK_UPLOAD_FIELD, file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', BULK_UPLOAD_URL);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Cache-Control', 'no-store');
    xhr.setRequestHeader('X-Vinpressen-Upload', '1');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
    };
    xhr.upload.onload = () => onProgress(1);
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new TypeError('Upload aborted'));
    xhr.onload = () => {
      const text = xhr.responseText;
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = text;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(parsed as BulkUploadResult);
      if (xhr.status === 401) window.dispatchEvent(new CustomEvent(AUTH_401_EVENT, { detail: { url: BULK_UPLOAD_URL, status: 401 } }));
      reject(new ApiError(xhr.status, parsed, typeof parsed === 'string' && parsed ? parsed : parsed ? JSON.stringify(parsed) : xhr.statusText));
    };
    xhr.send(form);
  });
}

/** The server's message of a failed upload, else the spec's fallback 'Upload failed' (spec 001 §7, §8). */
function failureMessage(err: unknown): string {
  if (err instanceof ApiError && err.serverMessage) return err.serverMessage;
  if (isNetworkError(err)) return 'Ingen anslutning. Filen laddades inte upp.';
  return M.bulkFailed;
}

const primaryButtonClass = 'btn-primary disabled:cursor-not-allowed disabled:opacity-50';
const secondaryButtonClass = 'btn-outline disabled:cursor-not-allowed disabled:opacity-50';

/**
 * The Bulk-upload tab (spec 001 §2): a drop area with the file picker (.xlsx/.xls, at most 10 MB, checked here and
 * again by the server), the chosen file's name and size in MB, Ta bort and Ladda upp, the instructions with the
 * template link, a progress bar while the file is sent, and the result panel: toast '{n} viner skapade,
 * {m} misslyckades' (with '{u} uppdaterade' when rows updated drafts uploaded before), the first 5 saved wines (each
 * new or updated) then 'och n till', every failed row with its number and errors, and the template's example row
 * when it was skipped. On a touch screen ((pointer: coarse)) the drop area says 'Välj fil' instead of 'Dra och släpp'.
 * A failed upload shows 'Bulk-uppladdning misslyckades' with the server's message (fallback 'Upload failed').
 * After an upload the partner's wine lists are refetched and `onUploaded` runs.
 */
export function BulkUploadTab({ onUploaded }: { onUploaded?: () => void } = {}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState(0);
  const [results, setResults] = useState<Results | null>(null);

  const upload = useMutation({
    mutationFn: (f: File) => uploadExcel(f, setProgress),
    onMutate: () => {
      setProgress(0);
      setResults(null);
    },
    onSuccess: (answer) => {
      const r = answer.results;
      setResults(r);
      setFile(null);
      const done = M.bulkDone(r.createdCount, r.failureCount, r.updatedCount);
      if (r.failureCount > 0) toast.warning(done);
      else toast.success(done);
      void queryClient.invalidateQueries({ queryKey: PARTNER_WINES_KEY });
      onUploaded?.();
    },
    onError: (err) => {
      toast.error(M.bulkFailedTitle, { description: failureMessage(err) });
    },
  });

  function choose(candidate: File | undefined) {
    if (!candidate) return;
    if (!isExcelFileName(candidate.name)) {
      toast.error(M.wrongFileTypeTitle, { description: M.wrongFileType });
      return;
    }
    if (candidate.size > BULK_UPLOAD_MAX_BYTES) {
      toast.error(M.bulkFailedTitle, { description: M.fileTooLarge });
      return;
    }
    setFile(candidate);
    setResults(null);
    upload.reset();
  }

  function handleDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    if (upload.isPending) return;
    choose(event.dataTransfer.files?.[0]);
  }

  function handleRemove() {
    setFile(null);
    if (inputRef.current) inputRef.current.value = '';
    inputRef.current?.focus();
  }

  const inputId = `${id}-file`;
  const tipsId = `${id}-tips`;
  const busy = upload.isPending;
  const percent = Math.round(progress * 100);

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="min-w-0">
        <h2 id={`${id}-heading`} className="font-display text-2xl font-black text-ink">
          Ladda upp viner från Excel
        </h2>
        <p className="mt-1 font-sans text-sm text-ink-soft">Alla rader sparas som utkast som du sedan skickar in för granskning.</p>

        <div
          onDragOver={(e) => {
            e.preventDefault();
            if (!busy) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={handleDrop}
          className={`mt-5 border-2 border-dashed px-4 py-8 text-center transition-colors focus-within:border-wine sm:px-8 ${
            dragging ? 'border-wine bg-wine-light' : 'border-ink/40 bg-white/60'
          }`}
        >
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept=".xlsx,.xls"
            aria-describedby={tipsId}
            disabled={busy}
            onChange={(e) => {
              choose(e.target.files?.[0]);
              e.target.value = '';
            }}
            className="peer sr-only"
          />
          <p className="font-sans text-base text-ink pointer-coarse:hidden">Dra och släpp din Excel-fil här</p>
          <p className="my-2 font-sans text-sm text-muted pointer-coarse:hidden">eller</p>
          <p className="mb-3 hidden font-sans text-base text-ink pointer-coarse:block">Välj fil från telefonen eller molnet</p>
          <label
            htmlFor={inputId}
            className={`${secondaryButtonClass} cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-wine`}
          >
            Välj Excel-fil
          </label>
          <p className="mt-3 font-sans text-xs text-muted">.xlsx eller .xls, högst 10 MB</p>
        </div>

        {file && (
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border border-rule bg-white/60 p-4">
            <div className="min-w-0">
              <p className="font-sans text-xs font-semibold tracking-[0.12em] text-muted uppercase">Vald fil</p>
              <p className="font-sans text-base font-semibold break-all text-ink" data-testid="bulk-file-name">
                {file.name}
              </p>
              <p className="font-sans text-sm text-ink-soft" data-testid="bulk-file-size">
                {formatMegabytes(file.size)}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <button type="button" className={secondaryButtonClass} onClick={handleRemove} disabled={busy}>
                Ta bort
              </button>
              <button type="button" className={primaryButtonClass} onClick={() => upload.mutate(file)} disabled={busy}>
                {busy ? 'Laddar upp…' : 'Ladda upp'}
              </button>
            </div>
          </div>
        )}

        {busy && (
          <div className="mt-4">
            <div className="flex justify-between font-sans text-sm text-ink-soft">
              <span id={`${id}-progress-label`}>{progress < 1 ? 'Skickar filen…' : 'Läser och sparar raderna…'}</span>
              <span aria-hidden="true">{percent} %</span>
            </div>
            <div
              role="progressbar"
              aria-labelledby={`${id}-progress-label`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-valuetext={`${percent} procent skickat`}
              className="mt-1 h-3 w-full overflow-hidden border border-ink/40 bg-paper"
            >
              <div className="h-full bg-wine transition-[width]" style={{ width: `${percent}%` }} />
            </div>
          </div>
        )}

        {results && <ResultPanel results={results} />}
      </div>

      <aside
        aria-labelledby={`${id}-tips-heading`}
        className="min-w-0 border-t-3 border-double border-ink pt-4 lg:border-t-0 lg:border-l lg:border-rule lg:pt-0 lg:pl-6"
      >
        <h3 id={`${id}-tips-heading`} className="font-sans text-sm font-bold tracking-[0.18em] text-ink uppercase">
          Instruktioner
        </h3>
        <ol id={tipsId} className="mt-3 list-decimal space-y-2 pl-5 font-sans text-sm text-ink-soft">
          <li>
            <a
              href={TEMPLATE_URL}
              target="_blank"
              rel="noopener"
              className="font-semibold text-wine underline underline-offset-2 hover:text-wine-dark"
            >
              Ladda ner Excel-mallen
            </a>{' '}
            och fyll i ett vin per rad under rubrikraden.
          </li>
          <li>Namn, Beskrivning och Pris (kr) måste fyllas i. Betyg blir 4 om det lämnas tomt.</li>
          <li>Betyg och smakskalorna (sötma, syra, fyllighet, strävhet, fruktighet) anges 1–5.</li>
          <li>Matkombinationer och tillfällen skrivs med komma emellan, med värdena från mallens andra flik.</li>
          <li>Endast .xlsx- och .xls-filer, högst 10 MB.</li>
          <li>Mallens exempelrad (märkt EXEMPEL i kolumnen Exempelrad) läses aldrig in, även om du låter den stå kvar.</li>
          <li>
            Alla viner sparas som utkast. Rader med fel sparas inte: rätta dem och ladda upp filen igen. Ett vin med samma namn, årgång och volym som
            ett av dina utkast uppdaterar utkastet i stället för att skapa en kopia.
          </li>
        </ol>
      </aside>
    </section>
  );
}

/**
 * What an upload gave (spec 001 §2 'result panel', §9): counts, the first 5 saved wines (new or updated) then
 * 'och n till', every failure, and the skipped example rows.
 */
function ResultPanel({ results }: { results: Results }) {
  const switchTab = useSwitchPartnerTab();
  const shown = results.successful.slice(0, BULK_RESULT_SUCCESSES_SHOWN);
  const more = results.successCount - shown.length;
  return (
    <section aria-labelledby="bulk-result-heading" className="mt-6 border border-ink/40 bg-white/60 p-4 sm:p-5">
      <h3 id="bulk-result-heading" className="font-sans text-sm font-bold tracking-[0.18em] text-ink uppercase">
        Resultat
      </h3>
      <p className="mt-2 font-sans text-base text-ink" role="status">
        {M.bulkDone(results.createdCount, results.failureCount, results.updatedCount)} (av {results.totalRows} rader)
      </p>
      <dl className="mt-3 grid grid-cols-3 gap-2 font-sans text-sm" aria-label="Antal rader">
        {[
          ['Nya', results.createdCount],
          ['Uppdaterade', results.updatedCount],
          ['Misslyckade', results.failureCount],
        ].map(([label, n]) => (
          <div key={label} className="min-w-0 border border-rule px-2 py-1.5">
            <dt className="text-xs font-semibold text-muted [overflow-wrap:anywhere]">{label}</dt>
            <dd className="font-display text-xl font-bold text-ink">{n}</dd>
          </div>
        ))}
      </dl>
      {results.skippedExamples.length > 0 && (
        <p className="mt-3 font-sans text-sm text-ink-soft">
          {results.skippedExamples.length === 1
            ? `Rad ${results.skippedExamples[0]!.row} är mallens exempelrad och lästes inte in.`
            : `Raderna ${results.skippedExamples.map((e) => e.row).join(', ')} är märkta som exempel och lästes inte in.`}
        </p>
      )}
      {shown.length > 0 && (
        <div className="mt-4">
          <h4 className="font-sans text-xs font-semibold tracking-[0.12em] text-green uppercase">Sparade utkast</h4>
          <ul aria-label="Sparade viner" className="mt-1 space-y-1 font-sans text-sm text-ink">
            {shown.map((s) => (
              <li key={s.id}>
                <span className="text-muted">Rad {s.row}:</span> {s.name}{' '}
                <span className="text-ink-soft">({s.action === 'updated' ? 'uppdaterat' : 'nytt'})</span>
              </li>
            ))}
          </ul>
          {more > 0 && <p className="mt-1 font-sans text-sm text-ink-soft">{M.andMore(more)}</p>}
          <button type="button" className={`${secondaryButtonClass} mt-3`} onClick={() => switchTab('mina-viner')}>
            Visa mina viner
          </button>
        </div>
      )}
      {results.failed.length > 0 && (
        <div className="mt-4">
          <h4 className="font-sans text-xs font-semibold tracking-[0.12em] text-wine uppercase">Rader som inte sparades</h4>
          <ul aria-label="Misslyckade rader" className="mt-1 divide-y divide-rule font-sans text-sm">
            {results.failed.map((f) => (
              <li key={f.row} className="py-2">
                <p className="font-semibold text-ink">
                  Rad {f.row}
                  {f.name ? `: ${f.name}` : ''}
                </p>
                <p className="text-wine">{f.error}</p>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
