import { Suspense, useEffect, useRef, useState, type HTMLAttributes, type ReactNode } from 'react';

/**
 * A place for content far down a page whose code is loaded lazily (e.g. a form below the fold): `children` are
 * rendered once the place comes within half a screen of the viewport, below or above it (a jump to the page's end
 * lands past the place on a phone's long footer), by IntersectionObserver, or at once where there is none. Until they
 * have loaded an empty block with `placeholderClassName` (give it about the content's height) holds the place. The wrapping div itself (with `id`, `tabIndex`, …) is there from the start, so links to its
 * anchor scroll to it and focus it before the content has loaded — which brings the content in.
 */
export function NearViewport({
  children,
  placeholderClassName,
  ...rest
}: HTMLAttributes<HTMLDivElement> & { children: ReactNode; placeholderClassName: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver !== 'function');

  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '50% 0px 50% 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);

  const placeholder = <div aria-hidden="true" className={placeholderClassName} />;
  return (
    <div ref={ref} {...rest}>
      {near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </div>
  );
}
