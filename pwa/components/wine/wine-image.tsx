import { useState } from 'react';
import type { WineSummary } from '../../../api/contract/wines';
import { fallbackImageFor } from '../../lib/wine-format';

/**
 * A wine's bottle image (3:4), or one of the two fallback images when it has none or it fails to load
 * (spec 000 §2, §8 'Image load failure'). Width/height are given so the page does not shift while loading.
 */
export function WineImage({
  wine,
  className = '',
  loading = 'lazy',
  alt,
}: {
  wine: Pick<WineSummary, 'id' | 'name' | 'imageUrl'>;
  className?: string;
  /** 'eager' for the one large image above the fold (detail page). */
  loading?: 'lazy' | 'eager';
  /** Defaults to the wine's name; pass '' when the name is written right beside the picture. */
  alt?: string;
}) {
  const fallback = fallbackImageFor(wine.id);
  const wanted = wine.imageUrl || fallback;
  // Remember which URL failed rather than a flag, so a different wine in the same component starts over.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const src = failedSrc === wanted ? fallback : wanted;

  function handleError() {
    // Switch once; if the fallback itself fails there is nothing better to show.
    if (src !== fallback) setFailedSrc(wanted);
  }

  return (
    <img
      src={src}
      alt={alt ?? wine.name}
      width={300}
      height={400}
      loading={loading}
      decoding="async"
      onError={handleError}
      className={`aspect-[3/4] object-contain ${className}`}
    />
  );
}
