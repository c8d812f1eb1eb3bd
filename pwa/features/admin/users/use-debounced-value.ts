import { useEffect, useState } from 'react';

/** Milliseconds a search box waits after the last keystroke before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** `value`, updated only once it has stopped changing for `ms` milliseconds (search-as-you-type). */
export function useDebouncedValue<T>(value: T, ms = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
