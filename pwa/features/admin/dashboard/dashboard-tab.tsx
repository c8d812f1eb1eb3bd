import { useRef, type ReactNode } from 'react';
import type { Diagnostics } from '../../../../api/contract/admin-content';
import type { AdminDashboard } from '../../../../api/contract/admin-dashboard';
import {
  APPROVAL_STATUS_LABELS,
  APPROVAL_STATUSES,
  WINE_CATEGORIES,
  WINE_CATEGORY_LABELS,
  type WineCategory,
} from '../../../../api/contract/constants';
import { useSwitchAdminTab, type AdminTabId } from '../admin-tabs';
import { SectionHeading, StatCard } from '../../../components/ui/blocks';
import { EmptyState, LoadingBlock, QueryState } from '../../../components/ui/states';
import { smallButtonClass } from '../../../components/ui/classes';
import { useDashboard, useSystemStatus } from './api';
import { formatCount, formatDateTime, formatPercent, formatRating, formatRelativeTime, formatTime, formatUptime } from './format';

const CATEGORY_BAR: Readonly<Record<WineCategory, string>> = {
  FYND: 'bg-gold',
  NYLANSERAD: 'bg-wine',
  FOLKETS_VAL: 'bg-green',
};

/** The quick actions (spec 001 §2) that open another tab; 'Lägg till vin' opens its form too. */
const TAB_ACTIONS: readonly { label: string; tab: AdminTabId; openNew?: boolean }[] = [
  { label: 'Lägg till vin', tab: 'wines', openNew: true },
  { label: 'Granska recensioner', tab: 'reviews' },
  { label: 'Hantera användare', tab: 'users' },
];

/**
 * The dashboard tab (spec 001 §2 'Dashboard tab'): the real counts of wines, users and pending reviews, the
 * average rating with a decimal comma, the category distribution as bars, the wines per approval status,
 * 'Senaste aktivitet' from the admin audit log (the original showed fixed sample text), the quick actions, and
 * 'Systemstatus' — the original's settings panel, which had no tab, with real figures from the diagnostics
 * instead of its fixed ones ('Visa statistik' leads there).
 */
export function DashboardTab() {
  const dashboard = useDashboard();
  const statusRef = useRef<HTMLHeadingElement>(null);
  const switchTab = useSwitchAdminTab();

  const handleShowStatistics = () => {
    const heading = statusRef.current;
    if (!heading) return;
    heading.scrollIntoView({ behavior: 'smooth', block: 'start' });
    heading.focus({ preventScroll: true });
  };

  return (
    <section aria-labelledby="dashboard-heading" className="space-y-10">
      <h2 id="dashboard-heading" className="sr-only">
        Översikt
      </h2>

      <QueryState query={dashboard} loadingLabel="Laddar översikten…" errorMessage="Kunde inte ladda översikten.">
        {(data) => <Figures data={data} />}
      </QueryState>

      <div className="grid gap-10 lg:grid-cols-2">
        <section aria-labelledby="quick-actions-heading">
          <SectionHeading>
            <span id="quick-actions-heading">Snabbåtgärder</span>
          </SectionHeading>
          <div className="grid gap-3 sm:grid-cols-2">
            {TAB_ACTIONS.map((a) => (
              <button key={a.tab} type="button" className="btn-outline min-h-12 w-full" onClick={() => switchTab(a.tab, { openNew: a.openNew })}>
                {a.label}
              </button>
            ))}
            <button type="button" className="btn-outline min-h-12 w-full" onClick={handleShowStatistics}>
              Visa statistik
            </button>
          </div>
        </section>

        <section aria-labelledby="activity-heading">
          <SectionHeading>
            <span id="activity-heading">Senaste aktivitet</span>
          </SectionHeading>
          {dashboard.isPending ? (
            <LoadingBlock label="Laddar aktiviteten…" />
          ) : dashboard.isError ? (
            <p className="font-sans text-sm text-ink-soft">Aktiviteten kunde inte läsas.</p>
          ) : (
            <RecentActivity items={dashboard.data.recentActivity} />
          )}
        </section>
      </div>

      <SystemStatus headingRef={statusRef} />
    </section>
  );
}

function Figures({ data }: { data: AdminDashboard }) {
  return (
    <>
      <ul aria-label="Nyckeltal" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <li>
          <StatCard label="Viner" value={formatCount(data.counts.wines)} hint="Alla, oavsett status" />
        </li>
        <li>
          <StatCard label="Användare" value={formatCount(data.counts.users)} hint="Aktiva och inaktiva" />
        </li>
        <li>
          <StatCard label="Väntande recensioner" value={formatCount(data.counts.pendingReviews)} hint="Väntar på moderering" />
        </li>
        <li>
          <StatCard
            label="Snittbetyg"
            value={formatRating(data.averageRating)}
            hint={data.averageRating === null ? 'Inga betygsatta viner' : 'Av 5, vinernas betyg'}
          />
        </li>
      </ul>

      <div className="grid gap-10 lg:grid-cols-2">
        <section aria-labelledby="categories-heading">
          <SectionHeading>
            <span id="categories-heading">Kategorifördelning</span>
          </SectionHeading>
          <ul className="space-y-5">
            {WINE_CATEGORIES.map((c) => (
              <CategoryBar key={c} category={c} share={data.categoryDistribution[c]} />
            ))}
          </ul>
          <p className="mt-4 font-sans text-xs text-muted">Andel av alla viner. Ett vin kan höra till flera kategorier.</p>
        </section>

        <section aria-labelledby="status-heading">
          <SectionHeading>
            <span id="status-heading">Viner per status</span>
          </SectionHeading>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-2 xl:grid-cols-4">
            {APPROVAL_STATUSES.map((s) => (
              <div key={s} className="border border-rule bg-white/60 px-4 py-3">
                <dt className="font-sans text-xs font-semibold tracking-[0.12em] text-ink-soft uppercase">{APPROVAL_STATUS_LABELS[s]}</dt>
                <dd className="mt-1 font-display text-2xl font-black">{formatCount(data.winesByStatus[s])}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
    </>
  );
}

function CategoryBar({ category, share }: { category: WineCategory; share: { count: number; percent: number } }) {
  const label = WINE_CATEGORY_LABELS[category];
  const text = `${formatCount(share.count)} viner, ${formatPercent(share.percent)}`;
  return (
    <li>
      <div className="mb-1.5 flex items-baseline justify-between gap-3 font-sans text-sm">
        <span className="font-semibold text-ink">{label}</span>
        <span className="text-ink-soft tabular-nums">{text}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={share.percent}
        aria-valuetext={text}
        className="h-3 w-full overflow-hidden border border-ink/40 bg-paper-dark"
      >
        <div className={`h-full ${CATEGORY_BAR[category]}`} style={{ width: `${Math.min(100, share.percent)}%` }} />
      </div>
    </li>
  );
}

function RecentActivity({ items }: { items: AdminDashboard['recentActivity'] }) {
  if (items.length === 0) return <EmptyState>Inga adminåtgärder ännu. Ändringar i viner, användare och innehåll visas här.</EmptyState>;
  const now = Date.now();
  return (
    <ol aria-label="Senaste adminåtgärderna" className="divide-y divide-rule border-y border-rule">
      {items.map((a) => (
        <li key={a.id} className="py-3">
          <p className="font-sans text-sm font-semibold break-words text-ink">{a.summary}</p>
          <p className="mt-0.5 font-sans text-xs break-words text-ink-soft">
            {a.actorEmail} ·{' '}
            <time dateTime={a.createdAt} title={formatDateTime(a.createdAt)}>
              {formatRelativeTime(a.createdAt, now)}
            </time>
          </p>
        </li>
      ))}
    </ol>
  );
}

/** A state with a dot in its colour and its word, so colour is never the only sign. */
function StatusValue({ ok, children }: { ok: boolean; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span aria-hidden="true" className={`inline-block size-2.5 rounded-full ${ok ? 'bg-green' : 'bg-wine'}`} />
      <span className={ok ? 'text-ink' : 'font-semibold text-wine'}>{children}</span>
    </span>
  );
}

function overall(d: Diagnostics): { ok: boolean; text: string } {
  const problems = [!d.database.ok && 'databasen svarar inte', !d.jobs.ready && 'jobbkön är inte igång'].filter(Boolean);
  if (problems.length === 0) return { ok: true, text: 'Alla system fungerar' };
  return { ok: false, text: `Störning: ${problems.join(' och ')}` };
}

function SystemStatus({ headingRef }: { headingRef: React.RefObject<HTMLHeadingElement | null> }) {
  const status = useSystemStatus();
  return (
    <section aria-labelledby="system-status-heading">
      <div className="section-rule mb-5 flex flex-wrap items-center justify-between gap-3 py-2">
        <h2
          id="system-status-heading"
          ref={headingRef}
          tabIndex={-1}
          className="scroll-mt-4 font-sans text-sm font-bold tracking-[0.18em] text-ink uppercase"
        >
          Systemstatus
        </h2>
        <button type="button" className={smallButtonClass} onClick={() => void status.refetch()} disabled={status.isFetching}>
          Uppdatera
        </button>
      </div>
      <QueryState query={status} loadingLabel="Laddar systemstatus…" errorMessage="Kunde inte läsa systemstatus.">
        {(data) => <SystemStatusDetails d={data} />}
      </QueryState>
    </section>
  );
}

function SystemStatusDetails({ d }: { d: Diagnostics }) {
  const summary = overall(d);
  const rows: { label: string; value: ReactNode }[] = [
    {
      label: 'Databas',
      value: (
        <StatusValue ok={d.database.ok}>
          {d.database.ok ? `Ansluten${d.database.latencyMs === null ? '' : ` (${formatCount(Math.round(d.database.latencyMs))} ms)`}` : 'Ej ansluten'}
        </StatusValue>
      ),
    },
    { label: 'Jobbkö', value: <StatusValue ok={d.jobs.ready}>{d.jobs.ready ? 'Igång' : 'Inte igång'}</StatusValue> },
    { label: 'Version', value: d.server.version },
    { label: 'Drifttid', value: formatUptime(d.server.uptimeSeconds) },
    { label: 'Node.js', value: d.server.nodeVersion },
    { label: 'Senaste migrering', value: d.database.latestMigration ?? '–' },
  ];
  return (
    <div className="border border-rule bg-white/60 p-4 sm:p-5">
      <p className="font-sans text-base font-semibold" role="status">
        <StatusValue ok={summary.ok}>{summary.text}</StatusValue>
      </p>
      <dl className="mt-4 grid gap-x-8 gap-y-3 font-sans text-sm sm:grid-cols-2 lg:grid-cols-3">
        {rows.map((r) => (
          <div key={r.label} className="min-w-0">
            <dt className="text-xs font-semibold tracking-[0.12em] text-ink-soft uppercase">{r.label}</dt>
            <dd className="mt-0.5 break-words text-ink">{r.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 font-sans text-xs text-muted">
        Kontrollerad kl. <time dateTime={d.generatedAt}>{formatTime(d.generatedAt)}</time>, uppdateras var 30:e sekund.
      </p>
    </div>
  );
}
