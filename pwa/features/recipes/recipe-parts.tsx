import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { WineSummary } from '../../../api/contract/wines';
import { WineImage } from '../../components/wine/wine-image';
import { formatPrice, nameWithVintage } from '../../lib/wine-format';
import type { Recipe } from '../../../api/contract/recipes';

/** The recommended wines by id, and whether they are still loading. */
export type WineLookup = { byId: ReadonlyMap<string, WineSummary>; isPending: boolean };

/** The classes of a recipe's title (the dialog's and the recipe page's). */
export const RECIPE_TITLE_CLASS = 'text-3xl leading-tight font-black sm:text-4xl';

/** A recipe's time, portions and difficulty, with icons. */
export function RecipeMeta({ recipe }: { recipe: Recipe }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 font-sans text-sm text-ink-soft">
      <li className="inline-flex items-center gap-1.5">
        <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="1.5">
          <circle cx="8" cy="8" r="6.25" />
          <path d="M8 4.5V8l2.5 1.5" strokeLinecap="round" />
        </svg>
        <span className="sr-only">Tillagningstid: </span>
        {recipe.cookingTime} min
      </li>
      <li className="inline-flex items-center gap-1.5">
        <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="1.5">
          <circle cx="8" cy="5.5" r="2.75" />
          <path d="M2.75 14c.5-3 2.6-4.5 5.25-4.5s4.75 1.5 5.25 4.5" strokeLinecap="round" />
        </svg>
        <span className="sr-only">Antal portioner: </span>
        {recipe.servings} port
      </li>
      <li className="inline-flex items-center gap-1.5">
        <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14" fill="currentColor">
          <rect x="2" y="9" width="3" height="5" />
          <rect x="6.5" y="6" width="3" height="8" opacity={recipe.difficulty === 'Lätt' ? 0.3 : 1} />
          <rect x="11" y="3" width="3" height="11" opacity={recipe.difficulty === 'Svår' ? 1 : 0.3} />
        </svg>
        <span className="sr-only">Svårighetsgrad: </span>
        {recipe.difficulty}
      </li>
    </ul>
  );
}

/** 'Rekommenderat vin:' — each wine's small image, name and price, linking to /wine/{id}. */
export function RecommendedWines({ recipe, wines }: { recipe: Recipe; wines: WineLookup }) {
  if (recipe.wineIds.length === 0) return null;
  const found = recipe.wineIds.map((id) => wines.byId.get(id)).filter((w): w is WineSummary => w !== undefined);
  // Wines that could not be loaded (offline before the first visit, or no longer public) are left out.
  if (!wines.isPending && found.length === 0) return null;

  return (
    <div className="border-t border-rule pt-3">
      <p className="font-sans text-xs font-semibold tracking-wider text-wine uppercase">Rekommenderat vin:</p>
      {wines.isPending ? (
        <div aria-hidden="true" className="mt-2 space-y-2">
          {recipe.wineIds.map((id) => (
            <div key={id} className="flex items-center gap-3">
              <div className="skeleton h-12 w-9" />
              <div className="skeleton h-4 flex-1" />
            </div>
          ))}
        </div>
      ) : (
        <ul className="mt-2 space-y-1">
          {found.map((wine) => (
            <li key={wine.id}>
              <Link to={`/wine/${wine.id}`} className="group -mx-1 flex items-center gap-3 px-1 py-1 hover:bg-paper-dark">
                <WineImage wine={wine} alt="" className="h-12 w-9 shrink-0" />
                <span className="min-w-0 flex-1 text-[0.95rem] leading-snug text-ink group-hover:text-wine group-hover:underline">
                  {nameWithVintage(wine)}
                </span>{' '}
                <span className="shrink-0 text-right font-sans text-sm font-semibold text-wine">
                  {formatPrice(wine.price)}
                  {wine.priceDate && <span className="block text-xs font-normal text-muted">pris {wine.priceDate}</span>}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The whole recipe: `title` (the dialog's DialogTitle, the page's h1), description, time, portions and difficulty,
 * the illustration, ingredients, steps and 'Vin till rätten' with the recommended wines. Its section headings are of
 * `headingLevel` (3 in the dialog under the page's h2s, 2 on the recipe's own page).
 */
export function RecipeBody({ recipe, wines, title, headingLevel }: { recipe: Recipe; wines: WineLookup; title: ReactNode; headingLevel: 2 | 3 }) {
  const current = recipe;
  const H = `h${headingLevel}` as const;
  return (
    <>
      {title}

      <p className="mt-3 text-lg leading-relaxed text-ink-soft italic">{current.description}</p>
      <div className="mt-4">
        <RecipeMeta recipe={current} />
      </div>
      <img
        src={current.image}
        alt=""
        width={400}
        height={300}
        className="mt-5 aspect-[4/3] w-full border border-rule object-cover sm:aspect-[16/7]"
      />
      <div className="mt-6 grid gap-8 md:grid-cols-5">
        <section aria-labelledby="recipe-ingredients" className="md:col-span-2">
          <H id="recipe-ingredients" className="section-rule py-1.5 font-sans text-sm font-bold tracking-[0.18em] uppercase">
            Ingredienser
          </H>
          <ul className="mt-3 divide-y divide-rule">
            {current.ingredients.map((item) => (
              <li key={item} className="py-1.5 leading-snug text-ink">
                {item}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="recipe-steps" className="md:col-span-3">
          <H id="recipe-steps" className="section-rule py-1.5 font-sans text-sm font-bold tracking-[0.18em] uppercase">
            Gör så här
          </H>
          <ol className="mt-3 space-y-3">
            {current.steps.map((step, i) => (
              <li key={step} className="flex gap-3 leading-relaxed text-ink">
                <span aria-hidden="true" className="w-5 shrink-0 font-display text-xl leading-6 font-bold text-wine">
                  {i + 1}
                </span>
                <span>{step}</span>
              </li>
            ))}
          </ol>
        </section>
      </div>
      <section aria-labelledby="recipe-wine" className="mt-8 bg-paper-dark/60 p-5">
        <H id="recipe-wine" className="font-display text-xl font-bold">
          Vin till rätten
        </H>
        <p className="mt-2 leading-relaxed text-ink-soft">{current.wineNote}</p>
        <div className="mt-4">
          <RecommendedWines recipe={current} wines={wines} />
        </div>
      </section>
    </>
  );
}
