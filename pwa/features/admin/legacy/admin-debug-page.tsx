import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAuth, type AuthStatus } from '../../../lib/auth/auth-provider';
import { formatTime } from '../dashboard/format';
import { useRawAnswer, useTestAdminCall, type RawAnswer } from './api';
import { AdminHeader } from '../components/admin-header';

const STATUS_TEXT: Readonly<Record<AuthStatus, string>> = {
  loading: 'Kontrollerar…',
  authenticated: 'Inloggad',
  unauthenticated: 'Inte inloggad',
};

/**
 * /admin-debug (spec 001 §2 'Admin debug'): the browser's sign-in state, the raw answers (status code and JSON)
 * of GET /api/auth/current and GET /api/users, a button that asks /api/users again, and the link to the
 * external admin sign-in /api/login. Open to anyone: it shows only what the API itself answers this session.
 */
export function AdminDebugPage() {
  const { status, user } = useAuth();
  const current = useRawAnswer('/api/auth/current');
  const users = useRawAnswer('/api/users');
  const test = useTestAdminCall();

  useEffect(() => {
    document.title = 'Admin debug – Vinpressen';
  }, []);

  return (
    <div className="min-h-dvh">
      <AdminHeader title="ADMIN DEBUG" narrow>
        <div className="flex flex-wrap gap-3">
          <a href="/api/login" className="btn-primary">
            Logga in via /api/login
          </a>
          <Link to="/admin" className="btn-outline">
            Till adminpanelen
          </Link>
        </div>
      </AdminHeader>

      <main id="main" className="mx-auto max-w-[1100px] space-y-10 px-4 pt-6 pb-16 sm:px-6">
        <Section title="Inloggningsstatus" id="debug-auth">
          <dl className="grid gap-x-8 gap-y-3 border border-rule bg-white/60 p-4 font-sans text-sm sm:grid-cols-2">
            <Row label="Status">{STATUS_TEXT[status]}</Row>
            <Row label="E-post">{user?.email ?? '–'}</Row>
            <Row label="Användarnamn">{user?.username ?? '–'}</Row>
            <Row label="Roll">{user?.role ?? '–'}</Row>
            <Row label="Inloggningssätt">{user ? (user.authType === 'admin' ? 'Identitetsleverantör (admin)' : 'Lösenord') : '–'}</Row>
            <Row label="Aktiv">{user ? (user.isActive ? 'Ja' : 'Nej') : '–'}</Row>
          </dl>
        </Section>

        <Section title="GET /api/auth/current" id="debug-current" mono>
          <AnswerView query={current} />
        </Section>

        <Section title="GET /api/users" id="debug-users" mono>
          <AnswerView query={users} />
        </Section>

        <Section title="Testa admin-anropet" id="debug-test">
          <p className="mb-3 font-sans text-sm text-ink-soft">
            Frågar GET /api/users igen med den här sessionen. En administratör får 200, en annan inloggad användare 403 och en utloggad besökare 401.
          </p>
          <button type="button" className="btn-primary" onClick={() => test.mutate()} disabled={test.isPending}>
            {test.isPending ? 'Testar…' : 'Testa admin-anropet'}
          </button>
          <div className="mt-4" aria-live="polite">
            {test.isError && <p className="font-sans text-sm font-semibold text-wine">Ingen kontakt med servern.</p>}
            {test.data && <Answer answer={test.data} label="Testsvar" />}
          </div>
        </Section>
      </main>
    </div>
  );
}

/** A section under a newspaper rule; API paths (`mono`) keep their letter case. */
function Section({ title, id, mono = false, children }: { title: string; id: string; mono?: boolean; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2
        id={id}
        className={`section-rule mb-4 py-2 text-sm font-bold text-ink ${mono ? 'font-mono break-all' : 'font-sans tracking-[0.12em] uppercase'}`}
      >
        {title}
      </h2>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-[0.12em] text-ink-soft uppercase">{label}</dt>
      <dd className="mt-0.5 break-words text-ink">{children}</dd>
    </div>
  );
}

function AnswerView({ query }: { query: ReturnType<typeof useRawAnswer> }) {
  if (query.isPending)
    return (
      <p className="font-sans text-sm text-ink-soft" aria-busy="true">
        Hämtar…
      </p>
    );
  if (query.isError) return <p className="font-sans text-sm font-semibold text-wine">Ingen kontakt med servern.</p>;
  return <Answer answer={query.data} label="Svar" />;
}

function Answer({ answer, label }: { answer: RawAnswer; label: string }) {
  const ok = answer.status >= 200 && answer.status < 300;
  return (
    <div>
      <p className="mb-2 flex flex-wrap items-center gap-3 font-sans text-sm">
        <span className={`px-2 py-0.5 font-bold text-white ${ok ? 'bg-green' : 'bg-wine'}`}>Status {answer.status}</span>
        <span className="text-ink-soft">
          {label} kl. <time dateTime={answer.at}>{formatTime(answer.at)}</time>
        </span>
      </p>
      <pre
        tabIndex={0}
        role="region"
        aria-label={`${label} från ${answer.url} (JSON)`}
        className="max-h-96 overflow-auto border border-ink/40 bg-paper-dark p-3 font-mono text-xs leading-relaxed text-ink"
      >
        {typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body, null, 2)}
      </pre>
    </div>
  );
}
