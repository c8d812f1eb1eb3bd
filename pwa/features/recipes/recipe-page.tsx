import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { recipePath } from '../../../api/contract/seo';
import { breadcrumbJsonLd, recipeJsonLd } from '../../../api/contract/structured-data';
import { JsonLd } from '../../components/json-ld';
import { useRecipes } from '../../lib/api/get-recipes';
import { useWinesByIds } from '../../lib/api/get-wines';
import { LoadError } from '../../components/ui/states';
import { usePageMeta, useSiteOrigin } from '../../lib/page-meta';
import { RECIPE_TITLE_CLASS, RecipeBody, type WineLookup } from './recipe-parts';

/**
 * /recept/{id}: one recipe on a page of its own (shareable, and read by search engines as a schema.org Recipe):
 * the recipe as the /recept dialog shows it, with its recommended wines, a breadcrumb back to all recipes. An unknown
 * id shows 'Receptet hittades inte'. The recipe comes from GET /api/recipes (pwa/lib/api/get-recipes.ts), offline
 * from the device's copy.
 */
export function RecipePage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const recipes = useRecipes();
  const recipe = recipes.data?.find((r) => r.id === slug);
  const origin = useSiteOrigin();
  const { data: wines, isPending } = useWinesByIds(recipe?.wineIds ?? []);
  const lookup = useMemo<WineLookup>(
    () => ({ byId: new Map((wines ?? []).map((w) => [w.id, w])), isPending: isPending && Boolean(recipe?.wineIds.length) }),
    [wines, isPending, recipe],
  );

  usePageMeta(
    recipe
      ? {
          title: `${recipe.title} – recept med vin – Vinpressen`,
          description: recipe.description,
          path: recipePath(recipe),
          image: recipe.image,
          type: 'article',
        }
      : { title: 'Receptet hittades inte – Vinpressen', description: 'Recept med viner som passar till, från Vinpressen.', path: `/recept/${slug}` },
  );

  if (recipes.isPending) return <div aria-busy="true" className="min-h-dvh" />;
  if (recipes.isError) {
    return (
      <div className="mx-auto max-w-xl px-4 py-20">
        <LoadError message="Receptet kunde inte laddas. Kontrollera anslutningen och försök igen." onRetry={() => void recipes.refetch()} />
      </div>
    );
  }

  if (!recipe) {
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        <p className="font-sans text-xs font-semibold tracking-[0.2em] text-wine uppercase">Recept</p>
        <h1 className="mt-3 text-4xl font-black">Receptet hittades inte</h1>
        <p className="mt-4 text-lg text-ink-soft">Receptet du letar efter finns inte eller har flyttats.</p>
        <div className="mt-8">
          <Link className="btn-primary" to="/recept">
            Alla recept
          </Link>
        </div>
      </div>
    );
  }

  return (
    <article className="mx-auto w-full max-w-3xl px-4 pt-6 pb-16 sm:px-6 lg:pt-10">
      <JsonLd data={recipeJsonLd(recipe, { origin })} />
      <JsonLd
        data={breadcrumbJsonLd(
          [
            { name: 'Vinpressen', path: '/' },
            { name: 'Recept', path: '/recept' },
            { name: recipe.title, path: recipePath(recipe) },
          ],
          { origin },
        )}
      />
      <nav aria-label="Brödsmulor" className="font-sans text-sm text-ink-soft">
        <Link to="/recept" className="underline underline-offset-4 hover:text-wine">
          Alla recept
        </Link>{' '}
        <span aria-hidden="true">›</span> {recipe.category}
      </nav>
      <p className="mt-4 font-sans text-xs font-semibold tracking-[0.2em] text-wine uppercase">
        {recipe.category} · {recipe.difficulty}
      </p>
      <div className="mt-2">
        <RecipeBody recipe={recipe} wines={lookup} title={<h1 className={RECIPE_TITLE_CLASS}>{recipe.title}</h1>} headingLevel={2} />
      </div>
    </article>
  );
}
