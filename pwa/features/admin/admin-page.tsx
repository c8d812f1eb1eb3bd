import { lazy, Suspense, useCallback, useEffect, type ComponentType } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { CurrentUser } from '../../../api/contract/auth';
import { RouteError } from '../../components/route-error';
import { Tabs } from '../../components/ui/tabs';
import { useAuth } from '../../lib/auth/auth-provider';
import { AdminGuard } from './admin-guard';
import { AdminTabContext, OPEN_NEW_PARAM, tabFromQuery, tabsFor, type AdminTabId, type AdminTabOptions, type PanelRole } from './admin-tabs';
import { AdminHeader } from './components/admin-header';
import { useUpdateSearchParams } from '../../lib/use-update-search-params';

function tab<T extends object>(load: () => Promise<ComponentType<T>>) {
  return lazy(async () => ({ default: await load() }));
}

// Each tab is its own chunk, fetched when first opened.
const TAB_PANELS: Record<AdminTabId, ComponentType> = {
  dashboard: tab(async () => (await import('./dashboard/dashboard-tab')).DashboardTab),
  wines: tab(async () => (await import('./wines/wines-tab')).WinesTab),
  'partner-review': tab(async () => (await import('./wines/partner-review-tab')).PartnerReviewTab),
  users: tab(async () => (await import('./users/users-tab')).UsersTab),
  reviews: tab(async () => (await import('./reviews/reviews-tab')).ReviewsTab),
  content: tab(async () => (await import('./content/content-tab')).ContentTab),
  newsletter: tab(async () => (await import('./newsletter/newsletter-tab')).NewsletterTab),
};

/**
 * /admin (spec 001 §2 'Admin panel'): the panel for admins (every tab) and moderators (only Recensioner, where
 * they decide pending reviews). Everyone else is turned away by AdminGuard.
 */
export function AdminPage() {
  return <AdminGuard allowModerators>{(user, role) => <AdminPanel user={user} role={role} />}</AdminGuard>;
}

/** 'Inloggad som' names the first name, else the e-mail, else 'Admin' (spec 001 §2). */
export function adminDisplayName(user: Pick<CurrentUser, 'firstName' | 'email'>): string {
  return user.firstName?.trim() || user.email?.trim() || 'Admin';
}

/** Milliseconds before ?tab=articles&edit={id} opens the article editor (spec 001 §2 'Admin panel'). */
export const OPEN_ARTICLE_DELAY_MS = 100;

/**
 * ?tab=articles&edit={id} (spec 001 §2): the content tab opens, and after 100 ms the article editor for that id
 * (in this app its own page, /admin/article-editor/{id}). The editor replaces the address, so the browser's back
 * button doesn't land on it again.
 */
function useOpenArticleFromQuery(params: URLSearchParams | null) {
  const navigate = useNavigate();
  const edit = params?.get('tab') === 'articles' ? params.get('edit') : null;
  useEffect(() => {
    if (!edit) return;
    const timer = window.setTimeout(() => navigate(`/admin/article-editor/${encodeURIComponent(edit)}`, { replace: true }), OPEN_ARTICLE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [edit, navigate]);
}

/** The header badge of each role. */
const ROLE_BADGES: Record<PanelRole, string> = { admin: 'Administratör', moderator: 'Moderator' };

function AdminPanel({ user, role }: { user: CurrentUser; role: PanelRole }) {
  const { logout } = useAuth();
  const params = useSearchParams()[0];
  const updateParams = useUpdateSearchParams();
  const tabs = tabsFor(role);
  const current = tabFromQuery(params.get('tab'), role);
  const index = Math.max(
    0,
    tabs.findIndex((t) => t.id === current),
  );

  useEffect(() => {
    document.title = 'Adminpanel – Vinpressen';
  }, []);

  useOpenArticleFromQuery(role === 'admin' ? params : null);

  const switchTab = useCallback(
    (id: AdminTabId, options: AdminTabOptions = {}) => {
      updateParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('tab', id);
          next.delete('edit');
          if (options.openNew) next.set(OPEN_NEW_PARAM, '1');
          else next.delete(OPEN_NEW_PARAM);
          return next;
        },
        { replace: false },
      );
    },
    [updateParams],
  );

  return (
    <AdminTabContext.Provider value={switchTab}>
      <div className="min-h-dvh">
        <AdminHeader
          title="ADMIN PANEL"
          badge={<span className="bg-wine px-2 py-0.5 font-sans text-xs font-bold tracking-wide text-white uppercase">{ROLE_BADGES[role]}</span>}
        >
          <div className="flex flex-wrap items-center gap-3 font-sans text-sm">
            <span className="text-ink-soft">
              Inloggad som <strong className="text-ink">{adminDisplayName(user)}</strong>
            </span>
            <button type="button" className="btn-outline" onClick={() => void logout()}>
              Logga ut
            </button>
          </div>
        </AdminHeader>

        <main id="main" className="mx-auto max-w-[1400px] px-4 pt-4 pb-16 sm:px-6">
          <Tabs
            label="Adminpanelens flikar"
            selectedIndex={index}
            onChange={(i) => switchTab(tabs[i]!.id)}
            tabs={tabs.map((t) => {
              const Panel = TAB_PANELS[t.id];
              return {
                id: t.id,
                label: t.label,
                panel: (
                  <ErrorBoundary FallbackComponent={RouteError} resetKeys={[t.id]}>
                    <Suspense fallback={<div className="min-h-[40vh]" aria-busy="true" />}>
                      <Panel />
                    </Suspense>
                  </ErrorBoundary>
                ),
              };
            })}
          />
        </main>
      </div>
    </AdminTabContext.Provider>
  );
}
