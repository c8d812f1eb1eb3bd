// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RatingGlasses } from './rating-glasses';

afterEach(cleanup);

/** The width of each glass's wine layer, in per cent. */
function fills(container: HTMLElement): string[] {
  return [...container.querySelectorAll<HTMLElement>('span.absolute')].map((el) => el.style.width);
}

describe('RatingGlasses', () => {
  it('fills each glass with its part of the rating: 3.7 is three full glasses and one 70 % full', () => {
    const { container } = render(<RatingGlasses value={3.7} />);
    expect(fills(container).map((w) => Math.round(parseFloat(w)))).toEqual([100, 100, 100, 70, 0]);
  });

  it('is decorative without a label (the figure beside it says the rating)', () => {
    const { container } = render(<RatingGlasses value={4} />);
    expect(container.firstElementChild!.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('is an image named by its label when given one', () => {
    render(<RatingGlasses value={4.2} size="sm" label="AI-betyg 4,2 av 5" />);
    expect(screen.getByRole('img', { name: 'AI-betyg 4,2 av 5' })).toBeTruthy();
  });
});
