// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContentBlock } from '../../../../api/contract/content';
import { BLOCK_TYPE_LABELS, BLOCK_TYPES, SHOWCASE_WINES_MAX, type BlockType } from '../../../../api/contract/content-rules';
import type { WineSummary } from '../../../../api/contract/wines';
import { AppProviders } from '../../../app/providers';
import { clearToasts, fakeApi, json } from '../../auth/test-utils';
import { buildAdminWine } from '../wines/test-fakes';
import { BlockEditor, newBlock, type BlockEditorProps } from './block-editor';

type Routes = Parameters<typeof fakeApi>[0];

/** Narrow or wide screens: the editor asks matchMedia('(min-width: 64rem)'). */
function screenWidth(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: wide, media: query, addEventListener: () => {}, removeEventListener: () => {} }));
}

beforeEach(() => screenWidth(true));

afterEach(() => {
  clearToasts();
  cleanup();
  vi.unstubAllGlobals();
});

/** The editor with its blocks in state, as the page and article editors hold them; every change is recorded. */
function renderEditor({ blocks = [], routes = {}, ...props }: Partial<BlockEditorProps> & { routes?: Routes } = {}) {
  const api = fakeApi(routes);
  const changes: ContentBlock[][] = [];
  const onSave = vi.fn();
  function Harness() {
    const [current, setCurrent] = useState(blocks);
    return (
      <BlockEditor
        saveLabel="Spara sida"
        saving={false}
        onSave={onSave}
        {...props}
        blocks={current}
        onChange={(next) => {
          changes.push(next);
          setCurrent(next);
        }}
      />
    );
  }
  render(
    <AppProviders>
      <MemoryRouter>
        <Harness />
      </MemoryRouter>
    </AppProviders>,
  );
  return { api, onSave, last: () => changes.at(-1) ?? blocks };
}

async function addBlock(type: BlockType) {
  fireEvent.click(screen.getByRole('button', { name: 'Lägg till block' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: BLOCK_TYPE_LABELS[type] }));
  await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
}

const cards = () => screen.getAllByRole('article');
const card = (position: number) => cards()[position - 1]!;

describe('BlockEditor', () => {
  it('adds a block of every type with its fields and placeholders, numbered in order', async () => {
    const { last } = renderEditor();
    for (const type of BLOCK_TYPES) await addBlock(type);

    expect(last().map((b) => [b.type, b.order])).toEqual(BLOCK_TYPES.map((type, i) => [type, i]));
    expect(cards().map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual(BLOCK_TYPES.map((type, i) => `${i + 1}.${BLOCK_TYPE_LABELS[type]}`));

    expect(within(card(1)).getByLabelText('Rubrik').getAttribute('placeholder')).toBe('Rubrik');
    expect((within(card(1)).getByLabelText('Nivå') as HTMLSelectElement).value).toBe('h2');
    expect(within(card(2)).getByLabelText('Text').getAttribute('placeholder')).toBe('Stycke text...');
    expect(within(card(3)).getByLabelText('Alternativtext').getAttribute('placeholder')).toBe('Bild');
    expect(within(card(4)).getByLabelText('Citat').getAttribute('placeholder')).toBe('Citat text...');
    expect(within(card(5)).getByLabelText('Punkt 1').getAttribute('placeholder')).toBe('Listpunkt');
    expect((within(card(5)).getByLabelText('Punktlista') as HTMLInputElement).checked).toBe(true);
    expect(within(card(6)).getByRole('combobox', { name: 'Vin' })).toBeTruthy();
    expect(within(card(7)).getByLabelText('Knapptext').getAttribute('placeholder')).toBe('Knapp');
    expect(within(card(7)).getByLabelText('Länk').getAttribute('placeholder')).toBe('#');
    expect((within(card(7)).getByLabelText('Primär') as HTMLInputElement).checked).toBe(true);
    expect(within(card(8)).getByText(/har inga fält/)).toBeTruthy();
  });

  it('makes new blocks with the spec defaults and distinct timestamp ids', () => {
    const a = newBlock('heading', 0);
    const b = newBlock('cta_button', 1);
    expect(a).toMatchObject({ type: 'heading', order: 0, content: { text: '', level: 'h2' } });
    expect(b).toMatchObject({ type: 'cta_button', order: 1, content: { text: '', link: '', style: 'primary' } });
    expect(newBlock('list', 2).content).toEqual({ items: [''], ordered: false });
    expect(Number(a.id)).toBeGreaterThan(1_600_000_000_000);
    expect(a.id).not.toBe(b.id);
  });
});
