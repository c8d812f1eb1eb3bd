// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { useUpdateSearchParams } from './use-update-search-params';

function Probe() {
  const update = useUpdateSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const set = (key: string, value: string | null) => (current: URLSearchParams) => {
    const next = new URLSearchParams(current);
    if (value === null) next.delete(key);
    else next.set(key, value);
    return next;
  };
  return (
    <>
      <output aria-label="address">{location.pathname + location.search}</output>
      <button
        type="button"
        onClick={() => {
          // 'Rensa sökningen' and a new order in one go, before React renders the first.
          update(set('q', null), { replace: true });
          update(set('sort', 'namn'), { replace: true });
        }}
      >
        two
      </button>
      <button type="button" onClick={() => update(set('status', 'draft'))}>
        one
      </button>
      <button type="button" onClick={() => void navigate('/partner?tab=mina-viner&q=annat')}>
        elsewhere
      </button>
    </>
  );
}

function renderAt(entry: string) {
  const router = createMemoryRouter([{ path: '*', element: <Probe /> }], { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
  return router;
}

const address = () => screen.getByRole('status', { name: 'address' }).textContent;

afterEach(cleanup);

describe('useUpdateSearchParams', () => {
  it('keeps both of two changes made before a render, and the path', async () => {
    renderAt('/partner?tab=mina-viner&q=ofullst');
    await act(async () => screen.getByRole('button', { name: 'two' }).click());
    expect(address()).toBe('/partner?tab=mina-viner&sort=namn');
  });

  it('starts from a navigation made elsewhere once it has rendered', async () => {
    const router = renderAt('/partner?tab=mina-viner');
    await act(async () => screen.getByRole('button', { name: 'one' }).click());
    expect(address()).toBe('/partner?tab=mina-viner&status=draft');
    await act(async () => screen.getByRole('button', { name: 'elsewhere' }).click());
    await act(async () => screen.getByRole('button', { name: 'one' }).click());
    expect(address()).toBe('/partner?tab=mina-viner&q=annat&status=draft');
    // Back three times is the start (each change and the navigation pushed an entry).
    await act(async () => router.navigate(-3));
    expect(address()).toBe('/partner?tab=mina-viner');
    await act(async () => screen.getByRole('button', { name: 'one' }).click());
    expect(address()).toBe('/partner?tab=mina-viner&status=draft');
  });
});
