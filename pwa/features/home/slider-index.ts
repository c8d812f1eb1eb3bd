/**
 * Slider position arithmetic (spec 000 §4 'Slider'): the arrows move one step and wrap both ways, and the
 * auto-advance wraps from the last wine to the first. Indexes are 0-based; `count` is the number of slides.
 */

/** The slide after `current`, wrapping last → first. Returns 0 when there are no slides. */
export function nextIndex(current: number, count: number): number {
  if (count <= 0) return 0;
  return (clampIndex(current, count) + 1) % count;
}

/** The slide before `current`, wrapping first → last. Returns 0 when there are no slides. */
export function prevIndex(current: number, count: number): number {
  if (count <= 0) return 0;
  return (clampIndex(current, count) - 1 + count) % count;
}

/**
 * `index` kept inside 0…count-1 (0 when there are no slides). Used when the list shrinks under the
 * current position, e.g. after a refetch returns fewer wines.
 */
export function clampIndex(index: number, count: number): number {
  if (count <= 0 || !Number.isFinite(index)) return 0;
  return Math.min(Math.max(Math.trunc(index), 0), count - 1);
}
