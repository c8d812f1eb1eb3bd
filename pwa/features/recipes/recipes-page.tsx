import { CloseButton, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LIMITS } from '../../../api/contract/constants';
import { CmsIntro } from '../../components/cms-page';
import { usePublicPage } from '../../lib/api/content';
import { recipeWineIds, useRecipes } from '../../lib/api/get-recipes';
import { useWinesByIds } from '../../lib/api/get-wines';
import type { Recipe, RecipeCategory, RecipeDifficulty } from '../../../api/contract/recipes';
import { recipePath } from '../../../api/contract/seo';
import { LoadError } from '../../components/ui/states';
import { filterRecipes, type RecipeFilter } from './filter-recipes';
import { RECIPE_TITLE_CLASS, RecipeBody, RecipeMeta, RecommendedWines, type WineLookup } from './recipe-parts';
import { usePageMeta } from '../../lib/page-meta';

const CATEGORIES = ['Alla', 'Förrätt', 'Huvudrätt', 'Dessert'] as const satisfies readonly (RecipeCategory | 'Alla')[];
const DIFFICULTIES = ['Alla', 'Lätt', 'Medel', 'Svår'] as const satisfies readonly (RecipeDifficulty | 'Alla')[];
const NO_RECIPES: readonly Recipe[] = [];

/** Reads the filters from the address (?q=, ?kategori=, ?svarighet=) so back/forward and shared links keep them. */
function useRecipeFilter(): [RecipeFilter, (patch: Partial<RecipeFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const category = params.get('kategori');
  const difficulty = params.get('svarighet');
  const filter: RecipeFilter = {
    query: params.get('q') ?? '',
    category: (CATEGORIES as readonly string[]).includes(category ?? '') ? (category as RecipeFilter['category']) : 'Alla',
    difficulty: (DIFFICULTIES as readonly string[]).includes(difficulty ?? '') ? (difficulty as RecipeFilter['difficulty']) : 'Alla',
  };

  function update(patch: Partial<RecipeFilter>) {
    const next = { ...filter, ...patch };
    const search = new URLSearchParams();
    if (next.query) search.set('q', next.query);
    if (next.category !== 'Alla') search.set('kategori', next.category);
    if (next.difficulty !== 'Alla') search.set('svarighet', next.difficulty);
    // replace: each keystroke must not become a history entry.
    setParams(search, { replace: true, preventScrollReset: true });
  }

  return [filter, update];
}

/**
 * /recept — the built-in recipes with wine pairings (spec 000 §2 'Recipe page'): search, category and
 * difficulty filters (AND), 'Visar X av Y recept', a 1/2/3-column card grid and a dialog with the full recipe. The CMS
 * page 'recept', while active, adds its content under the intro. The recipes come from GET /api/recipes (in the
 * server-rendered page's data on a first visit), and every recommended wine of every recipe in one call (at most 100
 * ids), so the page also works offline after one visit: both are then on the device.
 */
export function RecipesPage() {
  const cmsIntro = usePublicPage('recept');
  const [filter, setFilter] = useRecipeFilter();
  const [openRecipeId, setOpenRecipeId] = useState<string | null>(null);
  const recipesQuery = useRecipes();
  const recipes = recipesQuery.data ?? NO_RECIPES;
  const wineIds = useMemo(() => recipeWineIds(recipes), [recipes]);
  const { data: wines, isPending } = useWinesByIds(wineIds);
  const wineLookup = useMemo<WineLookup>(() => ({ byId: new Map((wines ?? []).map((w) => [w.id, w])), isPending }), [wines, isPending]);

  const visible = filterRecipes(recipes, filter);
  const openRecipe = recipes.find((r) => r.id === openRecipeId) ?? null;

  usePageMeta({
    title: 'Recept & vinmatchning – Vinpressen',
    description: 'Recept med viner som passar till: förrätter, huvudrätter och desserter med Vinpressens vinval från Systembolaget.',
    path: '/recept',
  });

  function handleQueryChange(event: ChangeEvent<HTMLInputElement>) {
    setFilter({ query: event.target.value });
  }

  function handleSearchSubmit(event: FormEvent<HTMLFormElement>) {
    // Filtering is live: Enter in the search field must not submit (reload) the page.
    event.preventDefault();
  }

  function handleReset() {
    setFilter({ query: '', category: 'Alla', difficulty: 'Alla' });
  }

  // The CMS intro comes in above the list: online, the page waits for its answer (fetched beside the list's, so no
  // later) rather than shift the list down when it arrives; offline the list shows from the device at once.
  if ((cmsIntro.isPending && navigator.onLine) || recipesQuery.isPending) return <div aria-busy="true" className="min-h-dvh" />;

  return (
    <div className="mx-auto w-full max-w-[1200px] px-4 pt-8 pb-16 sm:px-6 lg:pt-12">
      <header className="border-b border-ink pb-6 text-center">
        <p className="font-sans text-xs font-semibold tracking-[0.2em] text-wine uppercase">Mat & vin</p>
        <h1 className="mt-3 text-4xl font-black tracking-tight sm:text-5xl lg:text-6xl">RECEPT & VINMATCHNING</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-balance text-ink-soft">
          Redaktionens favoritrecept – från vardagens kycklinggryta till helgens Wellington – med viner ur Systembolagets sortiment som lyfter varje
          rätt.
        </p>
      </header>

      <CmsIntro pageId="recept" />

      {/* A form with role="search" rather than <search>: happy-dom and older Safari do not know the element. */}
      <form role="search" aria-label="Sök och filtrera recept" onSubmit={handleSearchSubmit} className="mt-8 border-b border-rule pb-6">
        <div className="flex flex-col gap-5 lg:flex-row lg:items-end lg:justify-between">
          <div className="w-full lg:max-w-sm">
            <label htmlFor="recipe-search" className="font-sans text-xs font-semibold tracking-wider text-ink-soft uppercase">
              Sök recept
            </label>
            <div className="relative mt-1.5">
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                width="18"
                height="18"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-muted sm:left-3"
              >
                <circle cx="8.5" cy="8.5" r="5.5" />
                <path d="M13 13l4 4" strokeLinecap="round" />
              </svg>
              <input
                id="recipe-search"
                type="search"
                value={filter.query}
                onChange={handleQueryChange}
                placeholder="Sök recept, ingredienser eller taggar..."
                autoComplete="off"
                enterKeyHint="search"
                className="w-full border border-ink-soft bg-white py-2.5 pr-2 pl-9 font-sans text-base text-ink placeholder:text-[0.9rem] placeholder:text-muted focus:border-wine sm:pl-10 sm:placeholder:text-base"
              />
            </div>
          </div>
          <div className="flex flex-col gap-4 sm:flex-row sm:gap-8">
            <Segmented
              id="recipe-category"
              label="Kategori"
              options={CATEGORIES}
              value={filter.category}
              onChange={(category) => setFilter({ category })}
            />
            <Segmented
              id="recipe-difficulty"
              label="Svårighetsgrad"
              options={DIFFICULTIES}
              value={filter.difficulty}
              onChange={(difficulty) => setFilter({ difficulty })}
            />
          </div>
        </div>
      </form>

      <p role="status" className="mt-6 font-sans text-sm text-ink-soft">
        Visar {visible.length} av {recipes.length} recept
      </p>

      {recipesQuery.isError ? (
        <div className="mt-6">
          <LoadError message="Recepten kunde inte laddas. Kontrollera anslutningen och försök igen." onRetry={() => void recipesQuery.refetch()} />
        </div>
      ) : visible.length === 0 ? (
        <div className="mx-auto max-w-xl py-14 text-center">
          <h2 className="text-2xl font-bold">Inga recept hittades</h2>
          <p className="mt-3 text-lg text-ink-soft">Prova att ändra dina sökkriterier eller filtrera på något annat.</p>
          <button type="button" className="btn-outline mt-6" onClick={handleReset}>
            Visa alla recept
          </button>
        </div>
      ) : (
        <ul className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">
          {/* The browser lays out and paints only the cards near the screen (content-visibility), keeping each one's
              height once drawn: all of them on one page made /recept's first load block a phone's main thread for
              about 100 ms (Lighthouse TBT, medians of 8: 104 → 66 ms; README 'Benchmarks'). */}
          {visible.map((recipe) => (
            <li key={recipe.id} className="[contain-intrinsic-size:auto_40rem] [content-visibility:auto]">
              <RecipeCard recipe={recipe} wines={wineLookup} onOpen={() => setOpenRecipeId(recipe.id)} />
            </li>
          ))}
        </ul>
      )}

      <RecipeDialog recipe={openRecipe} wines={wineLookup} onClose={() => setOpenRecipeId(null)} />
    </div>
  );
}

/** A row of toggle buttons (aria-pressed) under a visible group label. */
function Segmented<T extends string>({
  id,
  label,
  options,
  value,
  onChange,
}: {
  id: string;
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div role="group" aria-labelledby={`${id}-label`}>
      <p id={`${id}-label`} className="font-sans text-xs font-semibold tracking-wider text-ink-soft uppercase">
        {label}
      </p>
      <div className="mt-1.5 flex flex-wrap">
        {options.map((option, i) => {
          const pressed = option === value;
          return (
            <button
              key={option}
              type="button"
              aria-pressed={pressed}
              onClick={() => onChange(option)}
              className={`border border-ink-soft px-3 py-2 font-sans text-sm transition-colors focus-visible:relative focus-visible:z-10 ${
                i > 0 ? '-ml-px' : ''
              } ${pressed ? 'border-wine bg-wine font-semibold text-white' : 'bg-paper text-ink hover:bg-paper-dark'}`}
            >
              {option}
            </button>
          );
        })}
      </div>
    </div>
  );
}

function RecipeCard({ recipe, wines, onOpen }: { recipe: Recipe; wines: WineLookup; onOpen: () => void }) {
  const tags = recipe.tags.slice(0, LIMITS.recipeCardMaxTags);
  return (
    <article className="flex h-full flex-col border border-rule bg-paper">
      <div className="relative">
        <img
          src={recipe.image}
          alt=""
          width={400}
          height={300}
          loading="lazy"
          decoding="async"
          className="aspect-[4/3] w-full border-b border-rule object-cover"
        />
        <span className="absolute top-3 left-3 bg-ink px-2 py-1 font-sans text-xs font-semibold tracking-wider text-paper uppercase">
          {recipe.category}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-3 px-5 pt-4 pb-5">
        <h2 className="text-xl leading-snug font-bold text-ink">
          <Link to={recipePath(recipe)} className="hover:text-wine hover:underline">
            {recipe.title}
          </Link>
        </h2>
        <p className="line-clamp-2 leading-relaxed text-ink-soft">{recipe.description}</p>
        <RecipeMeta recipe={recipe} />
        {tags.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label="Taggar">
            {tags.map((tag) => (
              <li key={tag} className="border border-rule px-2 py-0.5 font-sans text-xs text-ink-soft">
                {tag}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-auto space-y-4 pt-1">
          <RecommendedWines recipe={recipe} wines={wines} />
          <button type="button" className="btn-outline w-full" onClick={onOpen} aria-haspopup="dialog" aria-label={`Visa recept: ${recipe.title}`}>
            Visa recept
          </button>
        </div>
      </div>
    </article>
  );
}

/** The full recipe (ingredients, steps, why the wines suit it) in a modal dialog; Esc or 'Stäng' closes. */
function RecipeDialog({ recipe, wines, onClose }: { recipe: Recipe | null; wines: WineLookup; onClose: () => void }) {
  const current = recipe;
  return (
    <Dialog open={recipe !== null} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-ink/60" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-start justify-center p-0 sm:items-center sm:p-6">
          {current && (
            <DialogPanel className="relative w-full max-w-3xl border border-ink bg-paper sm:my-8">
              <div className="sticky top-0 z-10 flex items-center justify-between gap-4 border-b border-ink bg-paper px-5 py-3 sm:px-8">
                <p className="font-sans text-xs font-semibold tracking-[0.2em] text-wine uppercase">
                  {current.category} · {current.difficulty}
                </p>
                <CloseButton className="btn-outline px-3 py-1.5">
                  Stäng<span className="sr-only"> receptet</span>
                </CloseButton>
              </div>
              <div className="px-5 pt-5 pb-8 sm:px-8">
                <RecipeBody
                  recipe={current}
                  wines={wines}
                  title={<DialogTitle className={RECIPE_TITLE_CLASS}>{current.title}</DialogTitle>}
                  headingLevel={3}
                />
                <p className="mt-6">
                  <Link to={recipePath(current)} className="font-sans text-sm font-semibold text-wine underline underline-offset-4 hover:text-ink">
                    Receptets egen sida: {current.title}
                  </Link>
                </p>
              </div>
            </DialogPanel>
          )}
        </div>
      </div>
    </Dialog>
  );
}
