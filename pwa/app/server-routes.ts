import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router-dom';
import { LIMITS, type WineCategory } from '../../api/contract/constants';
import { wineSearchQueryOptions } from '../features/catalogue/use-wine-search';
import { readSearch } from '../features/catalogue/search-state';
import { medalDesignsQueryOptions } from '../features/pages/api/get-medal-designs';
import { wineQueryOptions } from '../features/wines/api/get-wine';
import { ApiError } from '../lib/api-client';
import { articleQueryOptions, articlesQueryOptions, LIST_CMS_PAGE, publicPageQueryOptions } from '../lib/api/content';
import { recipesQueryOptions, recipeWineIds } from '../lib/api/get-recipes';
import { expertReviewsQueryOptions, wineReviewsQueryOptions } from '../lib/api/get-reviews';
import { infiniteWinesByCategoryQueryOptions, winesByCategoryQueryOptions, winesByIdsQueryOptions } from '../lib/api/get-wines';
import { sliderQueryOptions } from '../lib/api/get-slider';

/** What a server-rendered route reads before it renders: the same query options its components use. */
interface PrefetchContext {
  queryClient: QueryClient;
  params: Record<string, string | undefined>;
  search: URLSearchParams;
}

/**
 * A public route the server renders (docs/ssr.md): its path (as in pwa/app/router.tsx), the module of its page (the
 * key of the client build's manifest, for <link rel=modulepreload>), and what it reads. `prefetch` answers the HTTP
 * status: 404 when the thing the address names doesn't exist (the page then shows its own 'not found').
 */
export interface ServerRoute {
  path: string;
  module: string;
  prefetch: (ctx: PrefetchContext) => Promise<number>;
}

/** 404 when `query` failed with the API's 404, else 200 (the page shows other failures itself). */
async function statusOf(run: Promise<unknown>): Promise<number> {
  try {
    await run;
    return 200;
  } catch (err) {
    return err instanceof ApiError && err.status === 404 ? 404 : 200;
  }
}

const list = (path: string, category: WineCategory): ServerRoute => ({
  path,
  module: 'features/wines/wine-list-page.tsx',
  prefetch: async ({ queryClient }) => {
    await Promise.all([
      queryClient.prefetchQuery(publicPageQueryOptions(LIST_CMS_PAGE[category])),
      queryClient.prefetchInfiniteQuery(infiniteWinesByCategoryQueryOptions(category)),
    ]);
    return 200;
  },
});

/** The public routes rendered on the server; every other path gets the app shell (admin, partner, account pages). */
export const SERVER_ROUTES: readonly ServerRoute[] = [
  {
    path: '/',
    module: 'features/home/home-page.tsx',
    prefetch: async ({ queryClient }) => {
      const limit = LIMITS.homeSectionMaxWines;
      await Promise.all([
        queryClient.prefetchQuery(sliderQueryOptions()),
        ...(['FOLKETS_VAL', 'FYND', 'NYLANSERAD'] as const).map((category) =>
          queryClient.prefetchQuery(winesByCategoryQueryOptions(category, { limit })),
        ),
      ]);
      return 200;
    },
  },
  {
    path: '/wine/:id',
    module: 'features/wines/wine-detail-page.tsx',
    prefetch: async ({ queryClient, params }) => {
      const id = params.id ?? '';
      const [status] = await Promise.all([
        statusOf(queryClient.fetchQuery(wineQueryOptions(id))),
        queryClient.prefetchQuery(wineReviewsQueryOptions(id)),
        queryClient.prefetchQuery(expertReviewsQueryOptions()),
      ]);
      return status;
    },
  },
  list('/aktuella-viner', 'NYLANSERAD'),
  list('/nya-viner', 'NYLANSERAD'),
  list('/fynd', 'FYND'),
  list('/folkets-val', 'FOLKETS_VAL'),
  {
    path: '/viner',
    module: 'features/catalogue/catalogue-page.tsx',
    prefetch: async ({ queryClient, search }) => {
      await queryClient.prefetchInfiniteQuery(wineSearchQueryOptions(readSearch(search)));
      return 200;
    },
  },
  {
    path: '/recept',
    module: 'features/recipes/recipes-page.tsx',
    prefetch: async ({ queryClient }) => {
      // A failed read stays in the cache as an error, which the page shows itself.
      const [recipes] = await Promise.all([
        queryClient.fetchQuery(recipesQueryOptions()).catch(() => []),
        queryClient.prefetchQuery(publicPageQueryOptions('recept')),
      ]);
      const wineIds = recipeWineIds(recipes);
      if (wineIds.length) await queryClient.prefetchQuery(winesByIdsQueryOptions(wineIds));
      return 200;
    },
  },
  {
    path: '/recept/:slug',
    module: 'features/recipes/recipe-page.tsx',
    prefetch: async ({ queryClient, params }) => {
      const recipes = await queryClient.fetchQuery(recipesQueryOptions()).catch(() => null);
      if (!recipes) return 200; // the page shows the failed read itself
      const recipe = recipes.find((r) => r.id === params.slug);
      if (!recipe) return 404;
      await queryClient.prefetchQuery(winesByIdsQueryOptions(recipe.wineIds));
      return 200;
    },
  },
  {
    path: '/artiklar',
    module: 'features/content/articles-page.tsx',
    prefetch: async ({ queryClient }) => {
      await Promise.all([queryClient.prefetchQuery(publicPageQueryOptions('artiklar')), queryClient.prefetchQuery(articlesQueryOptions())]);
      return 200;
    },
  },
  {
    path: '/artiklar/:slug',
    module: 'features/content/article-page.tsx',
    prefetch: ({ queryClient, params }) => statusOf(queryClient.fetchQuery(articleQueryOptions(params.slug ?? ''))),
  },
  {
    path: '/om-oss',
    module: 'features/pages/about-page.tsx',
    prefetch: async ({ queryClient }) => {
      await queryClient.prefetchQuery(publicPageQueryOptions('om-oss'));
      return 200;
    },
  },
  {
    path: '/medals',
    module: 'features/pages/medals-page.tsx',
    prefetch: async ({ queryClient }) => {
      await queryClient.prefetchQuery(medalDesignsQueryOptions());
      return 200;
    },
  },
];

/** The server route of `pathname` with its parameters, or null (not rendered on the server). */
export function matchServerRoute(pathname: string): { route: ServerRoute; params: Record<string, string | undefined> } | null {
  for (const route of SERVER_ROUTES) {
    const match = matchPath(route.path, pathname);
    if (match) return { route, params: match.params };
  }
  return null;
}
