import { useCallback, useLayoutEffect, useRef } from 'react';
import { type NavigateOptions, useLocation, useNavigate } from 'react-router-dom';

/** Gets the address's query as it is now and returns the one to go to. */
export type SearchParamsUpdate = (current: URLSearchParams) => URLSearchParams;

/**
 * Changes the address's query starting from the query the last change wrote, even before React has rendered it.
 * React Router's own `setSearchParams(prev => …)` hands the updater the rendered query and renders a navigation in
 * a transition, so two changes in quick succession ('Rensa sökningen', then a new order) lost the first: the second
 * started from the query before it.
 *
 * Returns `(update, options?) => void`; `options` are react-router's (`replace`, `preventScrollReset`, …). The path
 * stays as it is. A navigation from elsewhere (Back, a link) is the new starting point once it has rendered.
 */
export function useUpdateSearchParams(): (update: SearchParamsUpdate, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  const location = useLocation();
  const rendered = useRef(location.search);
  // What this hook wrote last, while the address on screen was still `from`.
  const pending = useRef<{ from: string; to: string } | null>(null);

  useLayoutEffect(() => {
    rendered.current = location.search;
    if (pending.current && pending.current.from !== location.search) pending.current = null;
  }, [location.search]);

  return useCallback(
    (update: SearchParamsUpdate, options?: NavigateOptions) => {
      const base = pending.current?.from === rendered.current ? pending.current.to : rendered.current;
      const query = update(new URLSearchParams(base)).toString();
      const to = query ? `?${query}` : '';
      pending.current = { from: rendered.current, to };
      void navigate({ search: to }, options);
    },
    [navigate],
  );
}
