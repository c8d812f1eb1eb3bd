import { useDefaultContentStatus, useMigrateDefaultContent } from './api';

/**
 * The blue migration card (spec 001 §2, §9): shown only while the server says there are no page contents and
 * no site settings (GET /api/admin/default-content → `needed`). 'Migrera data nu' creates 5 pages,
 * 14 settings and 1 article; the toast says so and the lists are read again, which hides the card.
 */
export function MigrationCard() {
  const status = useDefaultContentStatus();
  const migrate = useMigrateDefaultContent();
  if (!status.data?.needed) return null;
  const { pages, settings, articles } = status.data;

  return (
    <section aria-labelledby="migration-card-heading" className="mb-6 border-2 border-blue-800 bg-blue-50 p-4 font-sans text-blue-950 sm:p-5">
      <h3 id="migration-card-heading" className="text-lg font-bold">
        Inget innehåll ännu
      </h3>
      <p className="mt-1.5 max-w-prose text-sm">
        Det finns varken sidor eller inställningar. Migreringen skapar standardinnehållet: {pages} sidor, {settings} inställningar och {articles}{' '}
        artikel, som du sedan kan ändra här.
      </p>
      <button
        type="button"
        onClick={() => migrate.mutate()}
        disabled={migrate.isPending}
        className="mt-4 inline-flex min-h-10 items-center bg-blue-800 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-900 disabled:opacity-60"
      >
        {migrate.isPending ? 'Migrerar…' : 'Migrera data nu'}
      </button>
    </section>
  );
}
