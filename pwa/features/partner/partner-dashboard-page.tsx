import { lazy, Suspense, useCallback, useEffect, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useSearchParams } from 'react-router-dom';
import type { PartnerCurrent } from '../../../api/contract/partner';
import { RouteError } from '../../components/route-error';
import { Tabs } from '../../components/ui/tabs';
import { HelpTab } from './help-tab';
import { MyWinesTab } from './my-wines-tab';
import { OverviewTab } from './overview-tab';
import { PartnerHeader, partnerPersonName, RequirePartner } from './partner-ui';
import { PARTNER_TABS, partnerTabFromQuery, PartnerTabContext, type PartnerTabId } from './partner-tabs';
import { ProfileTab } from './profile-tab';
import { useUpdateSearchParams } from '../../lib/use-update-search-params';

// The Excel upload is its own chunk, fetched when the tab is first opened.
const BulkUploadTab = lazy(async () => ({ default: (await import('./bulk-upload-tab')).BulkUploadTab }));

/**
 * /partner (spec 001 §2 'Partner dashboard'): for a signed-in partner (else 'Åtkomst nekad'). The header names the
 * user and the company and has 'Logga ut'; the tabs Översikt, Mina viner, Bulk-upload, Profil and Hjälp (Headless
 * UI: arrow keys move between them; on a phone they wrap onto two lines, so all five are in sight) keep the selected
 * one in the address (?tab=mina-viner), so reloading and the back button keep the place.
 */
export function PartnerDashboardPage() {
  useEffect(() => {
    document.title = 'Partnerportal – Vinpressen';
  }, []);
  return <RequirePartner>{(current) => <Dashboard current={current} />}</RequirePartner>;
}

function Dashboard({ current }: { current: PartnerCurrent }) {
  const params = useSearchParams()[0];
  const updateParams = useUpdateSearchParams();
  const selected = partnerTabFromQuery(params.get('tab'));
  const index = PARTNER_TABS.findIndex((t) => t.id === selected);

  const switchTab = useCallback(
    (id: PartnerTabId) => {
      updateParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('tab', id);
          return next;
        },
        { replace: false },
      );
    },
    [updateParams],
  );

  const panels: Record<PartnerTabId, ReactNode> = {
    oversikt: <OverviewTab userId={current.user.id} />,
    'mina-viner': <MyWinesTab userId={current.user.id} />,
    'bulk-upload': <BulkUploadTab />,
    profil: <ProfileTab current={current} />,
    hjalp: <HelpTab />,
  };

  return (
    <PartnerTabContext.Provider value={switchTab}>
      <div className="min-h-dvh">
        <PartnerHeader current={current} />
        <main id="main" className="mx-auto max-w-[1200px] px-4 pt-6 pb-16 sm:px-6">
          <div className="mb-5">
            <p className="font-sans text-xs font-bold tracking-[0.2em] text-wine uppercase">{current.partner.companyName}</p>
            <h1 className="mt-1 text-3xl font-black sm:text-4xl">Välkommen, {current.user.firstName?.trim() || partnerPersonName(current.user)}</h1>
          </div>
          <Tabs
            label="Partnerportalens flikar"
            wrap
            selectedIndex={index}
            onChange={(i) => switchTab(PARTNER_TABS[i]!.id)}
            tabs={PARTNER_TABS.map((t) => ({
              id: t.id,
              label: t.label,
              panel: (
                <ErrorBoundary FallbackComponent={RouteError} resetKeys={[t.id]}>
                  <Suspense fallback={<div className="min-h-[40vh]" aria-busy="true" />}>{panels[t.id]}</Suspense>
                </ErrorBoundary>
              ),
            }))}
          />
        </main>
      </div>
    </PartnerTabContext.Provider>
  );
}
