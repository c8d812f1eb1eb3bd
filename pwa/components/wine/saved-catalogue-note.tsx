import { savedCatalogueLabel, useSavedCatalogueInfo } from '../../lib/catalogue/saved-catalogue';

/**
 * 'Sparad katalog från 2026-08-22': the small note beside results the device answered from its catalogue copy
 * (offline search, 'Liknande viner' offline); nothing while no copy is stored.
 */
export function SavedCatalogueNote({ className = '' }: { className?: string }) {
  const { data: info } = useSavedCatalogueInfo();
  if (!info) return null;
  return <p className={`font-sans text-xs text-muted ${className}`}>{savedCatalogueLabel(info)}</p>;
}
