// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContentBlock } from '../../../../api/contract/content';
import { BLOCK_TYPE_LABELS, BLOCK_TYPES, CONTENT_MESSAGES, SHOWCASE_WINES_MAX, type BlockType } from '../../../../api/contract/content-rules';
import { AppProviders } from '../../../test/providers';
import { fakeApi, findToast, json } from '../../../test/test-utils';
import { buildAdminWine } from '../wines/test-fakes';
import { BlockEditor, newBlock, type BlockEditorProps } from './block-editor';
import { resetAfterEach } from '../../../test/reset-after-each';

type Routes = Parameters<typeof fakeApi>[0];

/** Narrow or wide screens: the editor asks matchMedia('(min-width: 64rem)'). */
function screenWidth(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: wide, media: query, addEventListener: () => {}, removeEventListener: () => {} }));
}

beforeEach(() => screenWidth(true));

resetAfterEach();

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

/** The block cards (the preview's wine cards are articles too). */
const cards = () => within(screen.getByRole('region', { name: 'Block' })).getAllByRole('article');
const button = (name: string) => screen.getByRole('button', { name });
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
let nextId = 1_700_000_000_000;

/** A saved block of `type` with this content. */
function block<T extends BlockType>(type: T, order: number, content: Extract<ContentBlock, { type: T }>['content']): ContentBlock {
  nextId += 1;
  return { id: String(nextId), type, order, content } as ContentBlock;
}
const card = (position: number) => cards()[position - 1]!;

describe('BlockEditor', () => {
  it('adds a block of every type with its fields and placeholders, numbered in order', async () => {
    const { last } = renderEditor();
    for (const type of BLOCK_TYPES) await addBlock(type);

    expect(last().map((b) => [b.type, b.order])).toEqual(BLOCK_TYPES.map((type, i) => [type, i]));
    expect(cards().map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual(
      BLOCK_TYPES.map((type, i) => `${i + 1}.${BLOCK_TYPE_LABELS[type]}`),
    );

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

  it('moves blocks up and down, the first never up and the last never down, keeping order = index', async () => {
    const blocks = [
      block('heading', 0, { text: 'Ett', level: 'h2' }),
      block('paragraph', 1, { text: 'Två' }),
      block('quote', 2, { text: 'Tre', author: '' }),
    ];
    const { last } = renderEditor({ blocks });

    expect(button('Flytta upp block 1: Rubrik').hasAttribute('disabled')).toBe(true);
    expect(button('Flytta ner block 1: Rubrik').hasAttribute('disabled')).toBe(false);
    expect(button('Flytta upp block 3: Citat').hasAttribute('disabled')).toBe(false);
    expect(button('Flytta ner block 3: Citat').hasAttribute('disabled')).toBe(true);

    fireEvent.click(button('Flytta ner block 1: Rubrik'));
    expect(last().map((b) => [b.type, b.order])).toEqual([
      ['paragraph', 0],
      ['heading', 1],
      ['quote', 2],
    ]);
    await waitFor(() => expect(document.activeElement).toBe(button('Flytta ner block 2: Rubrik')));
    expect(screen.getByRole('status').textContent).toBe('block 1: Rubrik flyttat till plats 2.');

    fireEvent.click(button('Flytta ner block 2: Rubrik'));
    expect(last().map((b) => [b.type, b.order])).toEqual([
      ['paragraph', 0],
      ['quote', 1],
      ['heading', 2],
    ]);
    // At the bottom 'Flytta ner' is disabled, so the focus goes to 'Flytta upp' of the same block.
    await waitFor(() => expect(document.activeElement).toBe(button('Flytta upp block 3: Rubrik')));

    fireEvent.click(button('Flytta upp block 2: Citat'));
    expect(last().map((b) => [b.type, b.order])).toEqual([
      ['quote', 0],
      ['paragraph', 1],
      ['heading', 2],
    ]);
    expect((within(card(1)).getByLabelText('Citat') as HTMLTextAreaElement).value).toBe('Tre');
  });

  it('removes a block, renumbers the rest and can undo it from the toast', async () => {
    const blocks = [block('heading', 0, { text: 'Ett', level: 'h3' }), block('paragraph', 1, { text: 'Två' }), block('separator', 2, {})];
    const { last } = renderEditor({ blocks });

    fireEvent.click(button('Ta bort block 2: Stycke'));
    expect(last().map((b) => [b.type, b.order])).toEqual([
      ['heading', 0],
      ['separator', 1],
    ]);
    expect(cards()).toHaveLength(2);
    expect(within(card(2)).getByRole('heading', { level: 3 }).textContent).toBe('2.Avdelare');
    // The block that took its place gets the focus (a separator has no field, so its heading).
    await waitFor(() => expect(document.activeElement).toBe(within(card(2)).getByRole('heading', { level: 3 })));

    const toastEl = await findToast('Tog bort block 2: Stycke');
    fireEvent.click(within(toastEl).getByRole('button', { name: 'Ångra' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(last().map((b) => [b.type, b.order, b.id])).toEqual(blocks.map((b) => [b.type, b.order, b.id]));
  });

  it('removes the last block and puts the focus on \u2019Lägg till block\u2019', async () => {
    renderEditor({ blocks: [block('separator', 0, {})] });
    fireEvent.click(button('Ta bort block 1: Avdelare'));
    expect(within(screen.getByRole('region', { name: 'Block' })).queryAllByRole('article')).toHaveLength(0);
    expect(screen.getByText(/Inga block ännu/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(button('Lägg till block')));
  });

  it('edits a list: items typed, Enter or \u2019Lägg till punkt\u2019 add one, items removed, Punktlista or Numrerad', async () => {
    const { last } = renderEditor();
    await addBlock('list');
    const list = card(1);
    await waitFor(() => expect(document.activeElement).toBe(within(list).getByLabelText('Punkt 1')));
    expect(button('Ta bort punkt 1').hasAttribute('disabled')).toBe(true);

    fireEvent.change(within(list).getByLabelText('Punkt 1'), { target: { value: 'Äpple' } });
    fireEvent.keyDown(within(list).getByLabelText('Punkt 1'), { key: 'Enter' });
    await waitFor(() => expect(document.activeElement).toBe(within(list).getByLabelText('Punkt 2')));
    fireEvent.change(within(list).getByLabelText('Punkt 2'), { target: { value: 'Päron' } });
    fireEvent.click(within(list).getByRole('button', { name: 'Lägg till punkt' }));
    fireEvent.change(within(list).getByLabelText('Punkt 3'), { target: { value: 'Plommon' } });
    expect(last()[0]!.content).toEqual({ items: ['Äpple', 'Päron', 'Plommon'], ordered: false });

    fireEvent.click(button('Ta bort punkt 2'));
    expect(last()[0]!.content).toEqual({ items: ['Äpple', 'Plommon'], ordered: false });
    fireEvent.click(within(list).getByLabelText('Numrerad'));
    expect(last()[0]!.content).toEqual({ items: ['Äpple', 'Plommon'], ordered: true });
    expect(within(screen.getByRole('region', { name: 'Förhandsvisning' })).getByRole('list').tagName).toBe('OL');
  });

  it('edits every field of the other types into the block content', async () => {
    const { last } = renderEditor();
    for (const type of ['heading', 'paragraph', 'image', 'quote', 'cta_button'] as const) await addBlock(type);
    const type = (position: number, label: string, value: string) =>
      fireEvent.change(within(card(position)).getByLabelText(label), { target: { value } });
    type(1, 'Rubrik', 'Höstens viner');
    fireEvent.change(within(card(1)).getByLabelText('Nivå'), { target: { value: 'h3' } });
    type(2, 'Text', 'Rad ett\nRad två');
    type(3, 'Bildadress', 'https://example.se/vin.jpg');
    type(3, 'Alternativtext', 'En flaska');
    type(3, 'Bildtext (valfri)', 'Foto: Vinpressen');
    type(4, 'Citat', 'Vin är poesi på flaska.');
    type(4, 'Upphovsperson (valfri)', 'R. L. Stevenson');
    type(5, 'Knapptext', 'Se fynden');
    type(5, 'Länk', '/fynd');
    fireEvent.click(within(card(5)).getByLabelText('Sekundär'));

    expect(last().map((b) => b.content)).toEqual([
      { text: 'Höstens viner', level: 'h3' },
      { text: 'Rad ett\nRad två' },
      { src: 'https://example.se/vin.jpg', alt: 'En flaska', caption: 'Foto: Vinpressen' },
      { text: 'Vin är poesi på flaska.', author: 'R. L. Stevenson' },
      { text: 'Se fynden', link: '/fynd', style: 'secondary' },
    ]);
    const preview = screen.getByRole('region', { name: 'Förhandsvisning' });
    expect(within(preview).getByRole('heading', { name: 'Höstens viner', level: 3 })).toBeTruthy();
    expect(within(preview).getByRole('img', { name: 'En flaska' }).getAttribute('src')).toBe('https://example.se/vin.jpg');
    expect(within(preview).getByRole('link', { name: 'Se fynden' }).getAttribute('href')).toBe('/fynd');
  });

  it('loads saved blocks into their fields', () => {
    renderEditor({
      blocks: [
        block('heading', 0, { text: 'Om oss', level: 'h1' }),
        block('cta_button', 1, { text: 'Kontakt', link: 'mailto:red@vinpressen.se', style: 'secondary' }),
      ],
    });
    expect((within(card(1)).getByLabelText('Rubrik') as HTMLInputElement).value).toBe('Om oss');
    expect((within(card(1)).getByLabelText('Nivå') as HTMLSelectElement).value).toBe('h1');
    expect((within(card(2)).getByLabelText('Länk') as HTMLInputElement).value).toBe('mailto:red@vinpressen.se');
    expect((within(card(2)).getByLabelText('Sekundär') as HTMLInputElement).checked).toBe(true);
  });

  describe('wine showcase', () => {
    const stored = buildAdminWine({ name: 'Barolo Riserva', vintage: 2017, price: 399 });
    const found = buildAdminWine({ name: 'Chablis', vintage: 2021, price: 189 });
    const search = (q?: string) => `GET /api/admin/wines?approvalStatus=approved&limit=20&offset=0${q ? `&q=${encodeURIComponent(q)}` : ''}`;
    const winePage = (items: unknown[]) => json(200, { items, total: items.length, limit: 20, offset: 0 });

    it('names the stored wines, adds one picked by search, reorders and removes them', async () => {
      const { last, api } = renderEditor({
        blocks: [block('wine_showcase', 0, { wineIds: [stored.id] })],
        routes: {
          [`GET /api/wines?ids=${stored.id}`]: winePage([stored]),
          [`GET /api/wines?ids=${stored.id},${found.id}`]: winePage([stored, found]),
          [`GET /api/wines?ids=${found.id},${stored.id}`]: winePage([found, stored]),
          [`GET /api/wines?ids=${found.id}`]: winePage([found]),
          [search()]: winePage([stored, found]),
          [search('chab')]: winePage([found]),
        },
      });
      const showcase = card(1);
      expect(await within(showcase).findByText('Barolo Riserva 2017')).toBeTruthy();
      expect(within(showcase).getByText('Valda viner (1 av 12)')).toBeTruthy();

      const picker = within(showcase).getByRole('combobox', { name: 'Vin' });
      fireEvent.change(picker, { target: { value: 'chab' } });
      await screen.findByRole('option', { name: /^Chablis - 189 kr/ });
      fireEvent.keyDown(picker, { key: 'Enter' });
      await waitFor(() => expect(last()[0]!.content).toEqual({ wineIds: [stored.id, found.id] }));
      expect(within(showcase).getByText('Chablis 2021')).toBeTruthy();
      expect((picker as HTMLInputElement).value).toBe('');
      // The preview shows the chosen wines as the public site's wine cards.
      const preview = screen.getByRole('region', { name: 'Förhandsvisning' });
      expect(await within(preview).findByRole('heading', { name: 'Chablis 2021' })).toBeTruthy();

      expect(button('Flytta upp vin 1: Barolo Riserva 2017').hasAttribute('disabled')).toBe(true);
      fireEvent.click(button('Flytta upp vin 2: Chablis 2021'));
      expect(last()[0]!.content).toEqual({ wineIds: [found.id, stored.id] });
      fireEvent.click(button('Ta bort vin 2: Barolo Riserva 2017'));
      expect(last()[0]!.content).toEqual({ wineIds: [found.id] });
      expect(api.calls(`GET /api/wines?ids=${stored.id}`).length).toBeGreaterThan(0);
    });

    it('does not offer a wine twice and says when a stored wine is no longer published', async () => {
      const gone = uuid(900);
      const many = Array.from({ length: SHOWCASE_WINES_MAX - 1 }, (_, i) => uuid(500 + i));
      renderEditor({
        blocks: [block('wine_showcase', 0, { wineIds: [stored.id, gone] }), block('wine_showcase', 1, { wineIds: many })],
        routes: {
          [`GET /api/wines?ids=${stored.id},${gone}`]: winePage([stored]),
          [search()]: winePage([stored, found]),
        },
      });
      expect(await within(card(1)).findByText('Vinet är inte publicerat')).toBeTruthy();
      // The second showcase has room for one more.
      expect(within(card(2)).getByText(`Valda viner (${SHOWCASE_WINES_MAX - 1} av ${SHOWCASE_WINES_MAX})`)).toBeTruthy();
      expect(within(card(2)).getByRole('combobox', { name: 'Vin' })).toBeTruthy();

      fireEvent.focus(within(card(1)).getByRole('combobox', { name: 'Vin' }));
      fireEvent.click(within(card(1)).getByRole('combobox', { name: 'Vin' }));
      const option = await screen.findByRole('option', { name: /^Barolo Riserva - 399 kr \(redan vald\)/ });
      expect(option.getAttribute('aria-disabled')).toBe('true');
    });

    it('hides the search once the showcase has the most wines it may have', () => {
      const full = Array.from({ length: SHOWCASE_WINES_MAX }, (_, i) => uuid(600 + i));
      renderEditor({ blocks: [block('wine_showcase', 0, { wineIds: full })] });
      expect(within(card(1)).queryByRole('combobox', { name: 'Vin' })).toBeNull();
      expect(within(card(1)).getByText(/det högsta antalet/)).toBeTruthy();
    });
  });

  describe('preview', () => {
    it('is beside the blocks on wide screens, without a toggle, and says how to start when empty', () => {
      renderEditor();
      const preview = screen.getByRole('region', { name: 'Förhandsvisning' });
      expect(within(preview).getByText('Lägg till block för att se förhandsvisningen här')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Visa förhandsvisning' })).toBeNull();
    });

    it("is toggled with 'Visa förhandsvisning' and 'Dölj förhandsvisning' on small screens", async () => {
      screenWidth(false);
      renderEditor();
      const show = button('Visa förhandsvisning');
      expect(show.getAttribute('aria-expanded')).toBe('false');
      const panel = document.getElementById(show.getAttribute('aria-controls')!)!;
      expect(panel.hidden).toBe(true);

      fireEvent.click(show);
      expect(button('Dölj förhandsvisning').getAttribute('aria-expanded')).toBe('true');
      expect(panel.hidden).toBe(false);
      expect(within(panel).getByText('Lägg till block för att se förhandsvisningen här')).toBeTruthy();

      await addBlock('paragraph');
      expect(within(panel).getByText('Stycke text...')).toBeTruthy();
      fireEvent.click(button('Dölj förhandsvisning'));
      expect(panel.hidden).toBe(true);
      expect(button('Visa förhandsvisning')).toBeTruthy();
    });

    it("shows 'Okänd blocktyp' for a block of a type the editor does not know", () => {
      const unknown = { id: '1700000000000', type: 'video', order: 0, content: {} } as unknown as ContentBlock;
      renderEditor({ blocks: [unknown] });
      expect(within(card(1)).getByRole('heading', { level: 3 }).textContent).toBe('1.Okänd blocktyp');
      expect(within(screen.getByRole('region', { name: 'Förhandsvisning' })).getByText('Okänd blocktyp')).toBeTruthy();
    });

    it('does not follow links, so unsaved blocks are not lost', () => {
      renderEditor({ blocks: [block('cta_button', 0, { text: 'Till fynden', link: '/fynd', style: 'primary' })] });
      const link = within(screen.getByRole('region', { name: 'Förhandsvisning' })).getByRole('link', { name: 'Till fynden' });
      const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
      act(() => {
        link.dispatchEvent(click);
      });
      expect(click.defaultPrevented).toBe(true);
      expect(cards()).toHaveLength(1);
    });
  });

  describe('saving', () => {
    it('calls onSave with the save label, and shows Sparar... disabled while saving', () => {
      const { onSave } = renderEditor({ blocks: [block('paragraph', 0, { text: 'Hej' })], saveLabel: 'Spara artikel' });
      fireEvent.click(button('Spara artikel'));
      expect(onSave).toHaveBeenCalledTimes(1);
      cleanup();

      renderEditor({ saving: true });
      const saving = button('Sparar...');
      expect(saving.hasAttribute('disabled')).toBe(true);
    });

    it('warns when the content was edited as HTML and saves only after confirmation', async () => {
      const { onSave } = renderEditor({ blocks: [block('paragraph', 0, { text: 'Ny text' })], replacesHtml: true });
      expect(screen.getByText('Innehållet redigerades senast i HTML-läget.')).toBeTruthy();

      fireEvent.click(button('Spara sida'));
      let dialog = await screen.findByRole('alertdialog', { name: 'Ersätta HTML-innehållet?' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(onSave).not.toHaveBeenCalled();

      fireEvent.click(button('Spara sida'));
      dialog = await screen.findByRole('alertdialog', { name: 'Ersätta HTML-innehållet?' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Ersätt och spara' }));
      expect(onSave).toHaveBeenCalledTimes(1);
    });

    it('checks links and image addresses with the contract: the message shows when the field is left, and saving stops at it', async () => {
      const { onSave } = renderEditor({
        blocks: [
          block('image', 0, { src: 'http://example.se/a.jpg', alt: '', caption: '' }),
          block('cta_button', 1, { text: 'Klicka', link: '', style: 'primary' }),
        ],
      });
      const link = within(card(2)).getByLabelText('Länk');
      fireEvent.change(link, { target: { value: 'javascript:alert(1)' } });
      expect(link.getAttribute('aria-invalid')).toBeNull();
      fireEvent.blur(link);
      expect(link.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(link.getAttribute('aria-describedby')!)?.textContent).toBe(CONTENT_MESSAGES.linkInvalid);

      // The image was never visited: its message appears with the save attempt, and the focus goes to it.
      const src = within(card(1)).getByLabelText('Bildadress');
      fireEvent.click(button('Spara sida'));
      expect(onSave).not.toHaveBeenCalled();
      expect(src.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(src.getAttribute('aria-describedby')!)?.textContent).toBe(CONTENT_MESSAGES.imageInvalid);
      expect(screen.getByRole('alert').textContent).toBe('Rätta de markerade fälten innan du sparar.');
      await waitFor(() => expect(document.activeElement).toBe(src));

      fireEvent.change(src, { target: { value: '/api/images/0f6a9d2e-3b4c-4d5e-8f70-112233445566' } });
      fireEvent.change(link, { target: { value: 'https://www.systembolaget.se' } });
      fireEvent.click(button('Spara sida'));
      expect(onSave).toHaveBeenCalledTimes(1);
    });

    it("shows the server's field messages until the field is edited, and none once the blocks are reordered", () => {
      renderEditor({
        blocks: [block('cta_button', 0, { text: 'A', link: '/a', style: 'primary' }), block('list', 1, { items: ['x', 'y'], ordered: false })],
        errors: {
          'blocks.0.content.text': 'Texten är för lång.',
          'blocks.1.content.items.1': 'Texten är för lång.',
          blocks: 'Högst 200 block.',
          title: 'Ange en rubrik.',
        },
      });
      const text = within(card(1)).getByLabelText('Knapptext');
      const item = within(card(2)).getByLabelText('Punkt 2');
      expect(text.getAttribute('aria-invalid')).toBe('true');
      expect(item.getAttribute('aria-invalid')).toBe('true');
      expect(screen.getByText('Högst 200 block.')).toBeTruthy();
      expect(screen.queryByText('Ange en rubrik.')).toBeNull();

      fireEvent.change(text, { target: { value: 'Kort' } });
      expect(text.getAttribute('aria-invalid')).toBeNull();
      expect(item.getAttribute('aria-invalid')).toBe('true');

      fireEvent.click(button('Flytta upp block 2: Lista'));
      expect(within(card(1)).getByLabelText('Punkt 2').getAttribute('aria-invalid')).toBeNull();
      expect(screen.queryByText('Högst 200 block.')).toBeNull();
    });
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
