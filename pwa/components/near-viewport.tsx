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
  rootMargin = '50% 0px 50% 0px',
  ...rest
}: HTMLAttributes<HTMLDivElement> & {
  children: ReactNode;
  placeholderClassName: string;
  /** How near counts (IntersectionObserver's rootMargin): half a screen by default; '0px' waits until it shows. */
  rootMargin?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // Not near on the server nor in the browser's first render (the same HTML, so the page hydrates without a mismatch).
  const [near, setNear] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    if (typeof IntersectionObserver !== 'function') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, rootMargin]);

  const placeholder = <div aria-hidden="true" className={placeholderClassName} />;
  return (
    <div ref={ref} {...rest}>
      {near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </div>
  );
}
