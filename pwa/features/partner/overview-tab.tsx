import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SectionHeading, StatCard } from '../../components/ui/blocks';
import { LoadError } from '../../components/ui/states';
import { TEMPLATE_URL } from './api';
import { useDeviceWines } from './device-wines';
import { wineCounts } from './format';
import { useSwitchPartnerTab } from './partner-tabs';

/**
 * Översikt (spec 001 §2 'Partner dashboard'): the counters from the partner's wines (all, pending, approved, with
 * the 'Granskad' mark) and four quick actions: add a wine (/partner/wines/new), download the Excel template (a new
 * tab), bulk upload and manage wines (their tabs). The counters are the device's wines, so they show offline.
 */
export function OverviewTab({ userId }: { userId: string }) {
  const { wines, refresh } = useDeviceWines(userId);
  const switchTab = useSwitchPartnerTab();
  const counts = wines ? wineCounts(wines) : null;
  const figure = (n: number | undefined) => (counts ? n : '–');

  return (
    <div className="grid gap-10">
      <section aria-labelledby="partner-counts">
        <SectionHeading>
          <span id="partner-counts">Dina viner i siffror</span>
        </SectionHeading>
        {wines?.length === 0 && refresh.isError ? (
          <LoadError message="Kunde inte hämta dina viner." onRetry={() => void refresh.refetch()} />
        ) : (
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-busy={!wines}>
            <StatCard label="Totalt antal viner" value={figure(counts?.total)} />
            <StatCard label="Väntar granskning" value={figure(counts?.pending)} />
            <StatCard label="Godkända" value={figure(counts?.approved)} />
            <StatCard label="Granskade av Vinpressen" value={figure(counts?.reviewed)} />
          </div>
        )}
      </section>

      <section aria-labelledby="partner-actions">
        <SectionHeading>
          <span id="partner-actions">Snabbval</span>
        </SectionHeading>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <ActionCard title="Lägg till vin" text="Skapa ett nytt vin som utkast och skicka in det när det är klart.">
            <Link to="/partner/wines/new" className="btn-primary w-full">
              Nytt vin
            </Link>
          </ActionCard>
          <ActionCard title="Excel-mall" text="Mallen har rätt kolumner för att lägga in många viner på en gång.">
            <a href={TEMPLATE_URL} target="_blank" rel="noopener" className="btn-outline w-full">
              Ladda ner mall
              <span className="sr-only"> (öppnas i en ny flik)</span>
            </a>
          </ActionCard>
          <ActionCard title="Bulk-upload" text="Ladda upp den ifyllda mallen; varje rad blir ett utkast.">
            <button type="button" className="btn-outline w-full" onClick={() => switchTab('bulk-upload')}>
              Till bulk-upload
            </button>
          </ActionCard>
          <ActionCard title="Hantera viner" text="Se status, redigera utkast och skicka in viner för granskning.">
            <button type="button" className="btn-outline w-full" onClick={() => switchTab('mina-viner')}>
              Till mina viner
            </button>
          </ActionCard>
        </ul>
      </section>
    </div>
  );
}

function ActionCard({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <li className="flex flex-col border border-rule bg-white/60 p-4">
      <h3 className="text-lg font-bold">{title}</h3>
      <p className="mt-1 mb-4 flex-1 font-sans text-sm text-ink-soft">{text}</p>
      {children}
    </li>
  );
}
