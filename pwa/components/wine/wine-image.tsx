import { useEffect, useRef, useState } from 'react';
import { type WinePhotoPageSize, winePhotoSources } from '../../../api/contract/wine-photos';
import type { WineSummary } from '../../../api/contract/wines';
import { pageCameFromServer } from '../../lib/ssr-state';
import { type WineDrawingFacts, wineDrawingFor } from '../../lib/wine-format';

/**
 * A wine's picture in a 3:4 box (spec 000 §2 'Image', §8 'Image load failure'; docs/wine-photos.md): its image — its
 * bottle photo through our origin (/api/images/systembolaget/…, with `srcSet` for 1x and 2x screens), an uploaded
 * image or an address — or, without one or when it fails to load, the drawing that fits the wine (wineDrawingFor: a
 * glass of its type, a box or a carton; the same one every time). Width and height are given and the picture is
 * contained in the box, so nothing on the page moves while it loads.
 */
export function WineImage({
  wine,
  className = '',
  loading = 'lazy',
  alt,
  photoSize = 200,
}: {
  wine: Pick<WineSummary, 'id' | 'name' | 'imageUrl'> & WineDrawingFacts;
  className?: string;
  /** 'eager' for the one large image above the fold (detail page). */
  loading?: 'lazy' | 'eager';
  /** Defaults to the wine's name; pass '' when the name is written right beside the picture. */
  alt?: string;
  /** About how wide the picture is on the page, CSS px: the photo's size for 1x screens (2x screens get twice it). */
  photoSize?: WinePhotoPageSize;
}) {
  const drawing = wineDrawingFor(wine);
  const wanted = wine.imageUrl || drawing;
  // Remember which URL failed rather than a flag, so a different wine in the same component starts over.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc === wanted;
  // The server redirects to the drawing when it has no photo (no error in the console); onError stays for the rest.
  const photo = failed ? null : winePhotoSources(wine.imageUrl, photoSize, drawing);
  const src = failed ? drawing : (photo?.src ?? wanted);

  function handleError() {
    // Switch once; if the drawing itself fails there is nothing better to show.
    if (src !== drawing) setFailedSrc(wanted);
  }

  // A server-rendered page's image may have failed before the page's script took it over (no onError then): there, a
  // finished image without pixels is a failure too.
  const ref = useRef<HTMLImageElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked once per picture shown
  useEffect(() => {
    const img = ref.current;
    if (pageCameFromServer() && img?.complete && img.naturalWidth === 0 && src !== drawing) setFailedSrc(wanted);
  }, [src]);

  return (
    <img
      ref={ref}
      src={src}
      srcSet={photo?.srcSet}
      alt={alt ?? wine.name}
      width={300}
      height={400}
      loading={loading}
      // The one picture above the fold is the page's largest: it goes before the rest.
      fetchPriority={loading === 'eager' ? 'high' : undefined}
      decoding="async"
      onError={handleError}
      className={`aspect-[3/4] object-contain ${className}`}
    />
  );
}
