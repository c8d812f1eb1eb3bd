import { lazy, Suspense, type ComponentType } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { WineCategory } from '../../api/contract/constants';
import { AppAuthProvider } from './auth';
import { HomeNewsletter } from './home-newsletter';
import { RootLayout } from './layout';
import { RouteError } from '../components/route-error';

/** A screen loaded when first visited (its own chunk, precached by the service worker). */
function page<T extends object>(load: () => Promise<ComponentType<T>>) {
  return lazy(async () => ({ default: await load() }));
}

const HomePage = page(async () => (await import('../features/home/home-page')).HomePage);
const WineDetailPage = page(async () => (await import('../features/wines/wine-detail-page')).WineDetailPage);
const WineListPage = page(async () => (await import('../features/wines/wine-list-page')).WineListPage);
const CataloguePage = page(async () => (await import('../features/catalogue/catalogue-page')).CataloguePage);
const RecipesPage = page(async () => (await import('../features/recipes/recipes-page')).RecipesPage);
const RecipePage = page(async () => (await import('../features/recipes/recipe-page')).RecipePage);
const AboutPage = page(async () => (await import('../features/pages/about-page')).AboutPage);
const MedalsPage = page(async () => (await import('../features/pages/medals-page')).MedalsPage);
const ResetPasswordPage = page(async () => (await import('../features/auth/reset-password-page')).ResetPasswordPage);
const SettingsPage = page(async () => (await import('../features/account/settings-page')).SettingsPage);
const MyReviewsPage = page(async () => (await import('../features/account/my-reviews-page')).MyReviewsPage);
const AdminLoginPage = page(async () => (await import('../features/admin/admin-login-page')).AdminLoginPage);
const AdminPage = page(async () => (await import('../features/admin/admin-page')).AdminPage);
const AdminNewPage = page(async () => (await import('../features/admin/legacy/admin-new-page')).AdminNewPage);
const AdminDebugPage = page(async () => (await import('../features/admin/legacy/admin-debug-page')).AdminDebugPage);
const PageEditorPage = page(async () => (await import('../features/admin/editor/page-editor-page')).PageEditorPage);
const ArticleEditorPage = page(async () => (await import('../features/admin/editor/article-editor-page')).ArticleEditorPage);
const ArticlesPage = page(async () => (await import('../features/content/articles-page')).ArticlesPage);
const ArticlePage = page(async () => (await import('../features/content/article-page')).ArticlePage);
const PartnerLoginPage = page(async () => (await import('../features/partner/partner-login-page')).PartnerLoginPage);
const PartnerRegisterPage = page(async () => (await import('../features/partner/partner-register-page')).PartnerRegisterPage);
const PartnerDashboardPage = page(async () => (await import('../features/partner/partner-dashboard-page')).PartnerDashboardPage);
const WineFormPage = page(async () => (await import('../features/partner/wine-form-page')).WineFormPage);
const WineSubmitPage = page(async () => (await import('../features/partner/wine-submit-page')).WineSubmitPage);
const PartnerSyncRoute = page(async () => (await import('../features/partner/partner-sync-route')).PartnerSyncRoute);
const NotFoundPage = page(async () => (await import('../features/pages/not-found-page')).NotFoundPage);

const list = (category: WineCategory) => <WineListPage category={category} />;

/**
 * The public routes (spec 000 §2 'Routing overview'); keep in step with api/contract/site-routes.ts
 * (a test checks). Every other path shows the English 404 page.
 */
export const ROUTES: readonly { path: string; element: React.ReactNode }[] = [
  { path: '/', element: <HomePage newsletter={<HomeNewsletter />} /> },
  { path: '/wine/:id', element: <WineDetailPage /> },
  { path: '/aktuella-viner', element: list('NYLANSERAD') },
  { path: '/nya-viner', element: list('NYLANSERAD') },
  { path: '/fynd', element: list('FYND') },
  { path: '/folkets-val', element: list('FOLKETS_VAL') },
  { path: '/viner', element: <CataloguePage /> },
  { path: '/recept', element: <RecipesPage /> },
  { path: '/recept/:slug', element: <RecipePage /> },
  { path: '/om-oss', element: <AboutPage /> },
  { path: '/artiklar', element: <ArticlesPage /> },
  { path: '/artiklar/:slug', element: <ArticlePage /> },
  { path: '/medals', element: <MedalsPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/settings', element: <SettingsPage /> },
  { path: '/mina-recensioner', element: <MyReviewsPage /> },
];

/**
 * The admin group (spec 001 §2 'Routing groups'): full-screen pages of their own, without the public
 * navigation and footer. Keep in step with api/contract/site-routes.ts too.
 */
export const ADMIN_ROUTES: readonly { path: string; element: React.ReactNode }[] = [
  { path: '/admin-login', element: <AdminLoginPage /> },
  { path: '/admin', element: <AdminPage /> },
  { path: '/admin-new', element: <AdminNewPage /> },
  { path: '/admin-debug', element: <AdminDebugPage /> },
  { path: '/admin/page-editor/:pageId', element: <PageEditorPage /> },
  { path: '/admin/article-editor/:id?', element: <ArticleEditorPage /> },
];

/**
 * The partner group (spec 001 §2 'Routing groups'): the partner portal's full-screen pages, like the admin group's
 * without the public navigation and footer. Any other /partner/… path falls through to the 404 page. Keep in
 * step with api/contract/site-routes.ts.
 */
export const PARTNER_ROUTES: readonly { path: string; element: React.ReactNode }[] = [
  { path: '/partner-login', element: <PartnerLoginPage /> },
  { path: '/partner/login', element: <PartnerLoginPage /> },
  { path: '/partner-register', element: <PartnerRegisterPage /> },
  { path: '/partner/register', element: <PartnerRegisterPage /> },
  { path: '/partner', element: <PartnerDashboardPage /> },
  { path: '/partner/wines/new', element: <WineFormPage /> },
  { path: '/partner/wines/edit/:id', element: <WineFormPage /> },
  { path: '/partner/wines/:id/submit', element: <WineSubmitPage /> },
  { path: '/partner/sync', element: <PartnerSyncRoute /> },
];

/** A screen's failure (e.g. its chunk unreachable offline) shows RouteError; moving on resets it. */
function PageBoundary({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary FallbackComponent={RouteError} resetKeys={[pathname]} onError={(err) => console.error(err)}>
      <Suspense fallback={<div className="min-h-[60vh]" aria-busy="true" />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/**
 * The app's routes inside a given router (BrowserRouter in the app, MemoryRouter in tests), with the
 * authentication state around them (it navigates on logout, so it lives inside the router).
 */
export function AppRoutes() {
  return (
    <AppAuthProvider>
      <Routes>
        {[...ADMIN_ROUTES, ...PARTNER_ROUTES].map((r) => (
          <Route key={r.path} path={r.path} element={<PageBoundary>{r.element}</PageBoundary>} />
        ))}
        <Route element={<RootLayout />}>
          {ROUTES.map((r) => (
            <Route key={r.path} path={r.path} element={<PageBoundary>{r.element}</PageBoundary>} />
          ))}
          <Route
            path="*"
            element={
              <PageBoundary>
                <NotFoundPage />
              </PageBoundary>
            }
          />
        </Route>
      </Routes>
    </AppAuthProvider>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
