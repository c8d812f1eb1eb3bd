// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { QueryState } from './states';

afterEach(cleanup);

/** A read whose answers the test hands out one at a time: each call of the query function waits for the next. */
function answers() {
  const pending: { resolve: (v: string[]) => void; reject: (e: Error) => void }[] = [];
  const fetch = () => new Promise<string[]>((resolve, reject) => pending.push({ resolve, reject }));
  const next = () => {
    const last = pending.at(-1);
    if (!last) throw new Error('the query has not asked yet');
    return last;
  };
  return { fetch, calls: () => pending.length, next };
}

function Viewer({ fetch }: { fetch: () => Promise<string[]> }) {
  const query = useQuery({ queryKey: ['wines'], queryFn: fetch, retry: false });
  return (
    <QueryState
      query={query}
      loadingLabel="Laddar viner…"
      errorMessage="Kunde inte ladda vinerna."
      isEmpty={(names) => names.length === 0}
      empty="Inga viner hittades"
    >
      {(names) => <p>Viner: {names.join(', ')}</p>}
    </QueryState>
  );
}

function renderViewer() {
  const api = answers();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: 0 } } });
  const view = render(
    <QueryClientProvider client={client}>
      <Viewer fetch={api.fetch} />
    </QueryClientProvider>,
  );
  return { api, ...view };
}

describe('QueryState', () => {
  it('shows the busy placeholder with the label for screen readers while the read is pending', () => {
    const { container } = renderViewer();
    const busy = container.querySelector('[aria-busy="true"]');
    expect(busy?.textContent).toBe('Laddar viner…');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/^Viner:/)).toBeNull();
  });

  it('shows the message in an alert when the read fails, and Försök igen reads again and then shows the data', async () => {
    const { api, container } = renderViewer();
    api.next().reject(new Error('500'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Kunde inte ladda vinerna.');
    expect(api.calls()).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Försök igen' }));
    expect(api.calls()).toBe(2);
    api.next().resolve(['Barolo 2019', 'Chablis 2022']);

    expect((await screen.findByText(/^Viner:/)).textContent).toBe('Viner: Barolo 2019, Chablis 2022');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('shows the empty text when isEmpty says the data is empty, and not the list', async () => {
    const { api } = renderViewer();
    api.next().resolve([]);
    expect(await screen.findByText('Inga viner hittades')).toBeTruthy();
    expect(screen.queryByText(/^Viner:/)).toBeNull();
  });
});
