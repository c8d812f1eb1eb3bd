import { describe, expect, it } from 'vitest';
import { clampIndex, nextIndex, prevIndex } from './slider-index';

describe('nextIndex', () => {
  it('moves one step forward', () => {
    expect(nextIndex(0, 5)).toBe(1);
    expect(nextIndex(3, 5)).toBe(4);
  });

  it('wraps from the last slide to the first', () => {
    expect(nextIndex(4, 5)).toBe(0);
  });

  it('stays on the only slide', () => {
    expect(nextIndex(0, 1)).toBe(0);
  });

  it('returns 0 when there are no slides', () => {
    expect(nextIndex(2, 0)).toBe(0);
  });

  it('treats an index past the end as the last slide', () => {
    expect(nextIndex(9, 3)).toBe(0);
  });
});

describe('prevIndex', () => {
  it('moves one step back', () => {
    expect(prevIndex(3, 5)).toBe(2);
  });

  it('wraps from the first slide to the last', () => {
    expect(prevIndex(0, 5)).toBe(4);
  });

  it('stays on the only slide', () => {
    expect(prevIndex(0, 1)).toBe(0);
  });

  it('returns 0 when there are no slides', () => {
    expect(prevIndex(0, 0)).toBe(0);
  });
});

describe('clampIndex', () => {
  it('keeps an index inside the list', () => {
    expect(clampIndex(-1, 4)).toBe(0);
    expect(clampIndex(7, 4)).toBe(3);
    expect(clampIndex(2, 4)).toBe(2);
  });

  it('returns 0 for an empty list or a non-number', () => {
    expect(clampIndex(3, 0)).toBe(0);
    expect(clampIndex(Number.NaN, 4)).toBe(0);
  });
});
