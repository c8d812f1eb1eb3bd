// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { AboutPage } from './about-page';
import { MedalsPage } from './medals-page';
import { NotFoundPage } from './not-found-page';

function renderAt(element: ReactElement) {
  return render(<MemoryRouter>{element}</MemoryRouter>);
}

afterEach(cleanup);

describe('NotFoundPage', () => {
  it('is in English with a link to the start page', () => {
    renderAt(<NotFoundPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('404 – Page not found');
    expect(screen.getByText('The page you are looking for does not exist.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the start page' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('404 – Page not found');
  });
});

describe('MedalsPage', () => {
  it('offers each medal as an SVG download', () => {
    renderAt(<MedalsPage />);
    const links = screen.getAllByRole('link', { name: /Ladda ner medaljen/ });
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/images/medals/fynd.svg',
      '/images/medals/aktuella-vintips.svg',
      '/images/medals/folkets-val.svg',
    ]);
    for (const a of links) {
      expect(a.hasAttribute('download')).toBe(true);
      expect(a.textContent).toContain('Ladda ner (SVG)');
    }
  });
});

describe('AboutPage', () => {
  it('explains how the three categories are chosen', () => {
    renderAt(<AboutPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Om oss');
    expect(screen.getByText(/högst hälften av medianpriset/)).toBeTruthy();
    expect(screen.getByText(/fyllt 25 år/)).toBeTruthy();
    expect(document.title).toBe('Om oss – Vinpressen');
  });
});
