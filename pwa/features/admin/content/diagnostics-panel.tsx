import type { ReactNode } from 'react';
import type { Diagnostics } from '../../../../api/contract/admin-content';
import { errorText } from '../api/admin-query';
import { SectionHeading } from '../../../components/ui/blocks';
import { LoadingBlock } from '../../../components/ui/states';
import { smallButtonClass } from '../../../components/ui/classes';
import { DIAGNOSTICS_REFRESH_MS, useDiagnostics } from './api';
import { formatClock } from './format';

const yesNo = (value: boolean) => (value ? 'Ja' : 'Nej');
const orDash = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '–' : String(value));

/**
 * The diagnostics sub-tab (spec 001 §2 'Diagnostics'): server (host, protocol, NODE_ENV, version), database,
 * job queue, session facts, the auth test and the raw JSON, asked again every 30 s while shown. A failed read
 * says 'Fel vid laddning av diagnostik: ' and the message.
 */
export function DiagnosticsPanel() {
  const diagnostics = useDiagnostics();
  const { data, error, isPending, isFetching, dataUpdatedAt } = diagnostics;

  return (
    <div>
      <SectionHeading
        actions={
          <button type="button" className={smallButtonClass} onClick={() => void diagnostics.refetch()} disabled={isFetching}>
            {isFetching ? 'Uppdaterar…' : 'Uppdatera nu'}
          </button>
        }
      >
        Diagnostik
      </SectionHeading>
      <p className="mb-4 font-sans text-sm text-ink-soft" aria-live="polite">
        {dataUpdatedAt > 0 ? `Senast uppdaterad ${formatClock(dataUpdatedAt)}. ` : ''}
        Uppdateras automatiskt var {DIAGNOSTICS_REFRESH_MS / 1000}:e sekund.
      </p>
      {error && (
        <p role="alert" className="mb-4 border border-wine bg-wine-light/40 p-4 font-sans text-sm text-ink">
          Fel vid laddning av diagnostik: {errorText(error, error.message)}
        </p>
      )}
      {isPending && !error ? <LoadingBlock label="Laddar diagnostik…" /> : data ? <DiagnosticsView data={data} /> : null}
    </div>
  );
}

function DiagnosticsView({ data }: { data: Diagnostics }) {
  const { server, database, jobs, session, authTest } = data;
  return (
    <div className="space-y-4">
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <FactCard title="Server">
          <Fact label="Värd">{server.host}</Fact>
          <Fact label="Protokoll">{server.protocol}</Fact>
          <Fact label="NODE_ENV">{server.nodeEnv}</Fact>
          <Fact label="Version">{server.version}</Fact>
          <Fact label="Node.js">{server.nodeVersion}</Fact>
          <Fact label="Drifttid">{formatUptime(server.uptimeSeconds)}</Fact>
          <Fact label="Instans">{server.instance}</Fact>
        </FactCard>
        <FactCard title="Databas och jobbkö">
          <Fact label="Databas">
            <StatusBadge ok={database.ok}>{database.ok ? 'ok' : 'fel'}</StatusBadge>
          </Fact>
          <Fact label="Postgres-version">{orDash(database.serverVersion)}</Fact>
          <Fact label="Svarstid">
            {database.latencyMs === null ? '–' : `${database.latencyMs.toLocaleString('sv-SE', { maximumFractionDigits: 1 })} ms`}
          </Fact>
          <Fact label="Senaste migrering">{orDash(database.latestMigration)}</Fact>
          <Fact label="Jobbkö redo">
            <StatusBadge ok={jobs.ready}>{yesNo(jobs.ready)}</StatusBadge>
          </Fact>
        </FactCard>
        <FactCard title="Session">
          <Fact label="Inloggad">{yesNo(session.authenticated)}</Fact>
          <Fact label="Sessionens fingeravtryck">{orDash(session.fingerprint)}</Fact>
          <Fact label="Användarens e-post">{orDash(session.userEmail)}</Fact>
          <Fact label="Cookiens namn">{session.cookieName}</Fact>
          <Fact label="Cookie skickad">{yesNo(session.cookiePresent)}</Fact>
          <Fact label="Secure">{yesNo(session.secure)}</Fact>
          <Fact label="HttpOnly">{yesNo(session.httpOnly)}</Fact>
          <Fact label="SameSite">{session.sameSite}</Fact>
          <Fact label="Domän">{session.domain ?? 'Endast värden (ingen domän satt)'}</Fact>
        </FactCard>
      </div>
      <FactCard title="Autentiseringstest (GET /api/auth/current)">
        <Fact label="Status">
          <StatusBadge ok={authTest.status === 200}>{authTest.status}</StatusBadge>
        </Fact>
        {authTest.user ? (
          <>
            <Fact label="Användar-id">{authTest.user.id}</Fact>
            <Fact label="E-post">{authTest.user.email}</Fact>
            <Fact label="Roll">{authTest.user.role}</Fact>
            <Fact label="Inloggningstyp">{authTest.user.authType}</Fact>
            <Fact label="Aktiv">{yesNo(authTest.user.isActive)}</Fact>
          </>
        ) : (
          <Fact label="Användare">Ingen</Fact>
        )}
      </FactCard>
      <section aria-labelledby="diagnostics-raw" className="border border-rule bg-white/60 p-4">
        <h3 id="diagnostics-raw" className="mb-2 font-sans text-xs font-bold tracking-[0.15em] text-ink uppercase">
          Rådata (JSON)
        </h3>
        <pre
          tabIndex={0}
          role="region"
          aria-labelledby="diagnostics-raw"
          className="max-h-96 overflow-auto bg-ink p-3 font-mono text-xs leading-relaxed text-paper"
        >
          {JSON.stringify(data, null, 2)}
        </pre>
      </section>
    </div>
  );
}

function FactCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border border-rule bg-white/60 p-4" aria-label={title}>
      <h3 className="mb-2 font-sans text-xs font-bold tracking-[0.15em] text-ink uppercase">{title}</h3>
      <dl className="divide-y divide-rule/70 font-sans text-sm">{children}</dl>
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-1.5">
      <dt className="text-ink-soft">{label}</dt>
      <dd className="min-w-0 text-right font-medium break-all text-ink">{children}</dd>
    </div>
  );
}

function StatusBadge({ ok, children }: { ok: boolean; children: ReactNode }) {
  return <span className={`px-2 py-0.5 text-xs font-bold tracking-wide ${ok ? 'bg-green text-white' : 'bg-wine text-white'}`}>{children}</span>;
}

/** Seconds as '3 d 4 h', '2 h 5 min' or '45 s'. */
function formatUptime(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return `${m} min`;
  return `${seconds} s`;
}
