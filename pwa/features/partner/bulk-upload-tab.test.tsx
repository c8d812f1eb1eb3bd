// @vitest-environment happy-dom
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BulkUploadResult } from '../../../api/contract/partner';
import { BULK_UPLOAD_MAX_BYTES, PARTNER_MESSAGES as M } from '../../../api/contract/partner-rules';
import { bulkFixture, workbookBytes } from '../../../api/excel/test-fixtures';
import { createQueryClient } from '../../lib/query-client';
import { clearToasts, findToast } from '../../test/test-utils';
import { PARTNER_WINES_KEY } from './api';
import { BulkUploadTab, formatMegabytes, isExcelFileName } from './bulk-upload-tab';

configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  clearToasts();
  cleanup();
  vi.unstubAllGlobals();
});

/** What the fake server answers: status and body text. */
interface Answer {
  status: number;
  body: string;
}

/**
 * The browser's XMLHttpRequest replaced by a small fake (the one browser API this tab uses; happy-dom's would send a
 * real request): it records the request, and the test drives the upload's progress events and the answer.
 */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | undefined;
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  /** Reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond({ status, body }: Answer) {
    this.upload.onload?.();
    this.status = status;
    this.responseText = body;
    this.onload?.();
  }
}

function renderTab(onUploaded?: () => void): QueryClient {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  FakeXhr.last = undefined;
  const client = createQueryClient();
  client.setQueryData(PARTNER_WINES_KEY, []);
  render(
    <QueryClientProvider client={client}>
      <BulkUploadTab onUploaded={onUploaded} />
      <Toaster visibleToasts={1} />
    </QueryClientProvider>,
  );
  return client;
}

/** The request the tab sent (the mutation starts it on the next tick). */
async function sentRequest(): Promise<FakeXhr> {
  await waitFor(() => expect(FakeXhr.last).toBeDefined());
  return FakeXhr.last!;
}

const picker = () => screen.getByLabelText('Välj Excel-fil') as HTMLInputElement;
const choose = (file: File) => fireEvent.change(picker(), { target: { files: [file] } });

/** A real .xlsx (SheetJS) with real wines and four broken rows, as a File. */
function excelFile(name = 'viner.xlsx') {
  const fixture = bulkFixture(12);
  return {
    fixture,
    file: new File([new Uint8Array(workbookBytes(fixture.aoa))], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
  };
}

/**
 * The answer the server gives for the fixture (row numbers and errors as the API reports them) when the rows in
 * `updated` matched drafts uploaded before, and row 2 was the template's example.
 */
function resultFor(fixture: ReturnType<typeof bulkFixture>, updated: number[] = []): BulkUploadResult {
  return {
    results: {
      totalRows: fixture.totalRows,
      successCount: fixture.valid.length,
      createdCount: fixture.valid.length - updated.length,
      updatedCount: updated.length,
      failureCount: fixture.failed.length,
      successful: fixture.valid.map((v, i) => ({
        row: v.row,
        name: v.wine.name,
        id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        action: updated.includes(v.row) ? ('updated' as const) : ('created' as const),
      })),
      failed: fixture.failed.map((f) => ({ row: f.row, name: f.name, error: `${f.error}ogiltigt värde` })),
      skippedExamples: [{ row: 2, name: 'Castelgufo Verdicchio dei Castelli di Jesi' }],
    },
  };
}

describe('isExcelFileName and formatMegabytes', () => {
  it('takes .xlsx and .xls in any case, nothing else', () => {
    expect(['a.xlsx', 'B.XLS', 'c.Xlsx'].map(isExcelFileName)).toEqual([true, true, true]);
    expect(['a.csv', 'a.xlsx.txt', 'xlsx', 'a.xlsm'].map(isExcelFileName)).toEqual([false, false, false, false]);
  });

  it('shows megabytes with two decimals and a comma', () => {
    expect(formatMegabytes(1572864)).toBe('1,50 MB');
    expect(formatMegabytes(BULK_UPLOAD_MAX_BYTES)).toBe('10,00 MB');
  });
});

describe('BulkUploadTab', () => {
  it('has a labelled file picker for Excel files, the tips and the template link opening in a new tab', () => {
    renderTab();
    expect(picker().type).toBe('file');
    expect(picker().accept).toBe('.xlsx,.xls');
    const link = screen.getByRole('link', { name: 'Ladda ner Excel-mallen' });
    expect(link.getAttribute('href')).toBe('/api/partner/wines/template');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByText('Endast .xlsx- och .xls-filer, högst 10 MB.')).toBeTruthy();
  });

  it("refuses a file that is not Excel with the toast 'Fel filtyp'", async () => {
    renderTab();
    choose(new File(['namn;pris'], 'viner.csv', { type: 'text/csv' }));
    await findToast(M.wrongFileTypeTitle, M.wrongFileType);
    expect(screen.queryByTestId('bulk-file-name')).toBeNull();
  });

  it('refuses a file over 10 MB before sending it', async () => {
    renderTab();
    choose(new File([new Uint8Array(BULK_UPLOAD_MAX_BYTES + 1)], 'stor.xlsx'));
    await findToast(M.bulkFailedTitle, M.fileTooLarge);
    expect(screen.queryByTestId('bulk-file-name')).toBeNull();
    expect(FakeXhr.last).toBeUndefined();
  });

  it('shows the chosen file’s name and size, and Ta bort clears it', () => {
    renderTab();
    const { file } = excelFile();
    choose(file);
    expect(screen.getByTestId('bulk-file-name').textContent).toBe('viner.xlsx');
    expect(screen.getByTestId('bulk-file-size').textContent).toBe(formatMegabytes(file.size));
    fireEvent.click(screen.getByRole('button', { name: 'Ta bort' }));
    expect(screen.queryByTestId('bulk-file-name')).toBeNull();
    expect(document.activeElement).toBe(picker());
  });

  it('takes a dropped file', () => {
    renderTab();
    const { file } = excelFile('släppt.xls');
    fireEvent.drop(screen.getByText('Dra och släpp din Excel-fil här').parentElement!, { dataTransfer: { files: [file] } });
    expect(screen.getByTestId('bulk-file-name').textContent).toBe('släppt.xls');
  });

  it('sends the file in the field excel with the upload header, shows progress, then the result panel', async () => {
    const onUploaded = vi.fn();
    const client = renderTab(onUploaded);
    const { file, fixture } = excelFile();
    choose(file);
    fireEvent.click(screen.getByRole('button', { name: 'Ladda upp' }));

    const xhr = await sentRequest();
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/partner/wines/bulk-upload']);
    expect(xhr.headers['X-Vinpressen-Upload']).toBe('1');
    const sent = xhr.body!.get('excel') as File;
    expect(sent.name).toBe('viner.xlsx');
    expect(sent.size).toBe(file.size);

    xhr.progress(file.size / 2, file.size);
    const bar = await screen.findByRole('progressbar');
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
    expect(screen.getByRole('button', { name: 'Laddar upp…' })).toHaveProperty('disabled', true);

    const updated = [fixture.valid[1]!.row, fixture.valid[6]!.row];
    xhr.respond({ status: 200, body: JSON.stringify(resultFor(fixture, updated)) });
    await findToast('6 viner skapade, 2 uppdaterade, 4 misslyckades');
    expect(screen.getByRole('status').textContent).toBe(`6 viner skapade, 2 uppdaterade, 4 misslyckades (av ${fixture.totalRows} rader)`);
    const counts = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(counts).toEqual(['6', '2', '4']);
    expect(screen.getByText('Rad 2 är mallens exempelrad och lästes inte in.')).toBeTruthy();
    const saved = screen.getByRole('list', { name: 'Sparade viner' });
    expect(
      within(saved)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(fixture.valid.slice(0, 5).map((v) => `Rad ${v.row}: ${v.wine.name} (${updated.includes(v.row) ? 'uppdaterat' : 'nytt'})`));
    expect(screen.getByText(M.andMore(3))).toBeTruthy();
    const failures = within(screen.getByRole('list', { name: 'Misslyckade rader' })).getAllByRole('listitem');
    expect(failures.map((li) => li.querySelector('p')!.textContent)).toEqual([
      'Rad 3',
      `Rad 5: ${fixture.failed[1]!.name}`,
      `Rad 7: ${fixture.failed[2]!.name}`,
      `Rad 9: ${fixture.failed[3]!.name}`,
    ]);
    expect(failures[1]!.textContent).toContain('Pris: ogiltigt värde');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(client.getQueryState(PARTNER_WINES_KEY)?.isInvalidated).toBe(true);
    expect(onUploaded).toHaveBeenCalledTimes(1);
  });

  it('says the spec’s text when no draft was updated', async () => {
    renderTab();
    const { file, fixture } = excelFile();
    choose(file);
    fireEvent.click(screen.getByRole('button', { name: 'Ladda upp' }));
    (await sentRequest()).respond({ status: 200, body: JSON.stringify(resultFor(fixture)) });
    await findToast(M.bulkDone(8, 4));
    expect(M.bulkDone(8, 4)).toBe('8 viner skapade, 4 misslyckades');
  });

  it("shows 'Bulk-uppladdning misslyckades' with the server's message", async () => {
    renderTab();
    choose(excelFile().file);
    fireEvent.click(screen.getByRole('button', { name: 'Ladda upp' }));
    (await sentRequest()).respond({ status: 413, body: JSON.stringify({ error: { code: 'file_too_complex', message: M.fileTooComplex } }) });
    await findToast(M.bulkFailedTitle, M.fileTooComplex);
    // The file stays chosen, so it can be sent again.
    expect(screen.getByTestId('bulk-file-name').textContent).toBe('viner.xlsx');
  });

  it("falls back to 'Upload failed' when the answer has no message", async () => {
    renderTab();
    choose(excelFile().file);
    fireEvent.click(screen.getByRole('button', { name: 'Ladda upp' }));
    (await sentRequest()).respond({ status: 502, body: '<html>Bad gateway</html>' });
    await findToast(M.bulkFailedTitle, M.bulkFailed);
  });
});
