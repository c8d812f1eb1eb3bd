import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { AdminWine } from '../../../../api/contract/admin-wines';
import type { CurrentUser } from '../../../../api/contract/auth';
import { WINE_CATEGORY_LABELS } from '../../../../api/contract/constants';
import { useAuth } from '../../../lib/auth/auth-provider';
import { adminDisplayName } from '../admin-page';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { EmptyState, LoadingBlock, QueryState } from '../../../components/ui/states';
import { StatCard } from '../../../components/ui/blocks';
import { Tabs } from '../../../components/ui/tabs';
import { inputClass, dangerButtonClass, smallButtonClass } from '../../../components/ui/classes';
import { useDashboard } from '../dashboard/api';
import { formatCount, formatDate, formatRating } from '../dashboard/format';
import { formatDate as formatDateAs } from '../../../lib/dates';
import { formatPrice } from '../../../lib/wine-format';
import { AdminGuard } from '../admin-guard';

// The medal panel comes as its own chunk when its tab opens, like the admin panel's tabs: its form (react-hook-form)
// stays out of this page's chunk and out of the entry's list of route dependencies, which / loads.
const MedalDesignsPanel = lazy(async () => ({ default: (await import('../medals/medal-designs-panel')).MedalDesignsPanel }));
// The wine form too: the same one /admin's wine tab opens, fetched when 'Lägg till vin' asks for it.
const WineFormDialog = lazy(async () => ({ default: (await import('../wines/wine-form-dialog')).WineFormDialog }));
import { LEGACY_SUBSCRIBER_LIMIT, LEGACY_WINE_PAGE_SIZE, useDeleteLegacyWine, useLegacySubscribers, useLegacyWines } from './api';
import { AdminHeader } from '../components/admin-header';

const TABS = ['Viner', 'Lägg till vin', 'Medaljer', 'Prenumeranter'] as const;

/**
 * /admin-new, the legacy admin page (spec 001 §2 'Legacy admin page'): guarded like /admin; cards with the
 * real number of wines, expert reviews (the original showed a fixed 12) and newsletter subscribers; tabs
 * Viner (a table with delete), Lägg till vin (opens /admin's wine form here; the table shows the new wine), Medaljer
 * (Medaljhantering) and Prenumeranter.
 */
export function AdminNewPage() {
  useEffect(() => {
    document.title = 'Adminpanel (klassisk) – Vinpressen';
  }, []);
  return <AdminGuard>{(user) => <LegacyPanel user={user} />}</AdminGuard>;
}

function LegacyPanel({ user }: { user: CurrentUser }) {
  const { logout } = useAuth();
  return (
    <div className="min-h-dvh">
      <AdminHeader
        title="ADMIN"
        badge={<span className="border border-ink px-2 py-0.5 font-sans text-xs font-bold tracking-wide uppercase">Klassisk vy</span>}
      >
        <div className="flex flex-wrap items-center gap-3 font-sans text-sm">
          <span className="text-ink-soft">
            Inloggad som <strong className="text-ink">{adminDisplayName(user)}</strong>
          </span>
          <Link to="/admin" className="btn-outline">
            Till adminpanelen
          </Link>
          <button type="button" className="btn-outline" onClick={() => void logout()}>
            Logga ut
          </button>
        </div>
      </AdminHeader>

      <main id="main" className="mx-auto max-w-[1400px] space-y-8 px-4 pt-6 pb-16 sm:px-6">
        <Cards />
        <Tabs
          label="Klassiska adminsidans flikar"
          tabs={[
            { id: TABS[0], label: TABS[0], panel: <WineTable /> },
            { id: TABS[1], label: TABS[1], panel: <AddWine /> },
            {
              id: TABS[2],
              label: TABS[2],
              panel: (
                <Suspense fallback={<LoadingBlock label="Laddar medaljerna…" />}>
                  <MedalDesignsPanel />
                </Suspense>
              ),
            },
            { id: TABS[3], label: TABS[3], panel: <Subscribers /> },
          ]}
        />
      </main>
    </div>
  );
}

function Cards() {
  const dashboard = useDashboard();
  const subscribers = useLegacySubscribers();
  const value = (n: number | undefined, failed: boolean) => (n === undefined ? (failed ? '–' : '…') : formatCount(n));
  return (
    <ul aria-label="Nyckeltal" className="grid gap-3 sm:grid-cols-3 sm:gap-4">
      <li>
        <StatCard label="Viner totalt" value={value(dashboard.data?.counts.wines, dashboard.isError)} hint="Alla, oavsett status" />
      </li>
      <li>
        <StatCard
          label="Expertrecensioner"
          value={value(dashboard.data?.counts.expertReviews, dashboard.isError)}
          hint="Skrivna av Vinpressens experter"
        />
      </li>
      <li>
        <StatCard label="Prenumeranter" value={value(subscribers.data?.stats.total, subscribers.isError)} hint="Nyhetsbrevet" />
      </li>
    </ul>
  );
}

function WineTable() {
  const [page, setPage] = useState(0);
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [deleting, setDeleting] = useState<AdminWine | null>(null);
  const wines = useLegacyWines(page, q);
  const remove = useDeleteLegacyWine(() => setDeleting(null));

  const handleSearch = (e: FormEvent) => {
    e.preventDefault();
    setPage(0);
    setQ(search.trim());
  };

  const total = wines.data?.total ?? 0;
  const lastPage = Math.max(0, Math.ceil(total / LEGACY_WINE_PAGE_SIZE) - 1);
  const first = page * LEGACY_WINE_PAGE_SIZE;

  return (
    <section aria-labelledby="legacy-wines-heading">
      <h2 id="legacy-wines-heading" className="sr-only">
        Viner
      </h2>
      <form role="search" onSubmit={handleSearch} className="mb-4 flex max-w-xl gap-2">
        <label htmlFor="legacy-wine-search" className="sr-only">
          Sök vin
        </label>
        <input
          id="legacy-wine-search"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Sök på namn, region eller druva"
          className={inputClass}
        />
        <button type="submit" className="btn-outline shrink-0">
          Sök
        </button>
      </form>

      <QueryState
        query={wines}
        loadingLabel="Laddar vinerna…"
        errorMessage="Kunde inte ladda vinerna."
        isEmpty={(data) => data.items.length === 0}
        empty="Inga viner hittades"
      >
        {(data) => (
          <>
            <p className="mb-2 font-sans text-xs text-muted md:hidden">Svep i sidled för att se alla kolumner.</p>
            <div className="overflow-x-auto border border-rule" tabIndex={0} role="region" aria-label="Vintabell">
              <table className="w-full min-w-[760px] border-collapse font-sans text-sm">
                <caption className="sr-only">Viner, nyaste först</caption>
                <thead className="bg-paper-dark text-left text-xs tracking-[0.1em] text-ink-soft uppercase">
                  <tr>
                    <th scope="col" className="px-3 py-2.5">
                      Namn
                    </th>
                    <th scope="col" className="px-3 py-2.5">
                      Kategori
                    </th>
                    <th scope="col" className="px-3 py-2.5 text-right">
                      Pris
                    </th>
                    <th scope="col" className="px-3 py-2.5 text-right">
                      Betyg
                    </th>
                    <th scope="col" className="px-3 py-2.5">
                      Skapad
                    </th>
                    <th scope="col" className="px-3 py-2.5">
                      Åtgärder
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-rule">
                  {data.items.map((w) => (
                    <tr key={w.id} className="bg-white/40">
                      <th scope="row" className="px-3 py-2.5 text-left font-semibold text-ink">
                        {w.name}
                      </th>
                      <td className="px-3 py-2.5 text-ink-soft">{w.categories.map((c) => WINE_CATEGORY_LABELS[c]).join(', ') || '–'}</td>
                      <td className="px-3 py-2.5 text-right whitespace-nowrap tabular-nums">{formatPrice(w.price)}</td>
                      <td className="px-3 py-2.5 text-right tabular-nums">{formatRating(w.rating)}</td>
                      <td className="px-3 py-2.5 whitespace-nowrap text-ink-soft">
                        <time dateTime={w.createdAt}>{formatDate(w.createdAt)}</time>
                      </td>
                      <td className="px-3 py-2">
                        <div className="flex gap-2">
                          <Link to="/admin?tab=wines" className={smallButtonClass} aria-label={`Redigera ${w.name} i adminpanelen`}>
                            Redigera
                          </Link>
                          <button type="button" className={dangerButtonClass} onClick={() => setDeleting(w)} aria-label={`Ta bort ${w.name}`}>
                            Ta bort
                          </button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <nav aria-label="Sidor" className="mt-4 flex flex-wrap items-center justify-between gap-3 font-sans text-sm">
              <p className="text-ink-soft" aria-live="polite">
                Visar {formatCount(first + 1)}–{formatCount(Math.min(first + LEGACY_WINE_PAGE_SIZE, total))} av {formatCount(total)}
              </p>
              <div className="flex gap-2">
                <button type="button" className={smallButtonClass} disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
                  Föregående
                </button>
                <button type="button" className={smallButtonClass} disabled={page >= lastPage} onClick={() => setPage((p) => p + 1)}>
                  Nästa
                </button>
              </div>
            </nav>
          </>
        )}
      </QueryState>

      <ConfirmDialog
        open={deleting !== null}
        title="Ta bort vin"
        message={deleting ? `Är du säker på att du vill ta bort "${deleting.name}"?` : ''}
        confirmLabel="Ta bort"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}

function AddWine() {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="legacy-add-heading" className="max-w-2xl border border-rule bg-white/60 p-5 sm:p-6">
      <h2 id="legacy-add-heading" className="text-2xl font-black">
        Lägg till vin
      </h2>
      <p className="mt-3 leading-relaxed text-ink-soft">
        Vinformuläret har alla fält: pris, kategorier, årgång, smakprofil, matförslag och bild. Det nya vinet syns sedan under Viner.
      </p>
      <button type="button" className="btn-primary mt-5" onClick={() => setOpen(true)}>
        Öppna vinformuläret
      </button>
      {open && (
        <Suspense fallback={<LoadingBlock label="Laddar vinformuläret…" />}>
          <WineFormDialog wine={null} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}

function Subscribers() {
  const subscribers = useLegacySubscribers();
  return (
    <QueryState query={subscribers} loadingLabel="Laddar prenumeranterna…" errorMessage="Kunde inte ladda prenumeranterna.">
      {({ items, stats }) => (
        <section aria-labelledby="legacy-subscribers-heading">
          <div className="mb-4 flex flex-wrap items-baseline justify-between gap-3">
            <h2 id="legacy-subscribers-heading" className="font-sans text-base font-semibold">
              {formatCount(stats.total)} {stats.total === 1 ? 'prenumerant' : 'prenumeranter'}
            </h2>
            <Link to="/admin?tab=newsletter" className="font-sans text-sm text-wine underline underline-offset-2 hover:text-wine-dark">
              Sök, exportera och ta bort i fliken Nyhetsbrev
            </Link>
          </div>
          {items.length === 0 ? (
            <EmptyState>Inga prenumeranter ännu.</EmptyState>
          ) : (
            <>
              <div className="overflow-x-auto border border-rule" tabIndex={0} role="region" aria-label="Prenumeranttabell">
                <table className="w-full min-w-[560px] border-collapse font-sans text-sm">
                  <caption className="sr-only">Prenumeranter, nyaste först</caption>
                  <thead className="bg-paper-dark text-left text-xs tracking-[0.1em] text-ink-soft uppercase">
                    <tr>
                      <th scope="col" className="px-3 py-2.5">
                        E-post
                      </th>
                      <th scope="col" className="px-3 py-2.5">
                        Telefon
                      </th>
                      <th scope="col" className="px-3 py-2.5">
                        GDPR
                      </th>
                      <th scope="col" className="px-3 py-2.5">
                        Prenumererade
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-rule">
                    {items.map((s) => (
                      <tr key={s.id} className="bg-white/40">
                        <td className="px-3 py-2.5 break-all text-ink">{s.email}</td>
                        <td className="px-3 py-2.5 whitespace-nowrap text-ink-soft">{s.phone ?? '–'}</td>
                        <td className="px-3 py-2.5">{s.gdprConsent ? 'Ja' : 'Nej'}</td>
                        <td className="px-3 py-2.5 whitespace-nowrap tabular-nums">
                          <time dateTime={s.createdAt}>{isoDate(s.createdAt)}</time>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {stats.total > items.length && (
                <p className="mt-3 font-sans text-sm text-ink-soft">
                  Visar de {formatCount(Math.min(items.length, LEGACY_SUBSCRIBER_LIMIT))} senaste av {formatCount(stats.total)}.
                </p>
              )}
            </>
          )}
        </section>
      )}
    </QueryState>
  );
}

/** yyyy-MM-dd in Stockholm time (spec 001 §9: newsletter dates). */
function isoDate(iso: string): string {
  return formatDateAs(iso, { dateStyle: 'short' });
}
