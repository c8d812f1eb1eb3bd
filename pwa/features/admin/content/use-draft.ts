import { useState } from 'react';

/**
 * An edited copy of a stored value. While the admin has not changed it, it follows the stored value (a save
 * elsewhere, a refetch); once changed, their text is kept until they save or reset it.
 * @returns the draft, its setter, whether it differs from the stored value, and a reset to the stored value
 */
export function useDraft(stored: string) {
  const [draft, setDraft] = useState(stored);
  const [base, setBase] = useState(stored);
  // Adjusting state while rendering (React's documented pattern for "reset when a prop changes").
  if (stored !== base) {
    setBase(stored);
    if (draft === base) setDraft(stored);
  }
  return { draft, setDraft, dirty: draft !== stored, reset: () => setDraft(stored) };
}
