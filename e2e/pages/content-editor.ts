import type { Locator, Page } from '@playwright/test';

/** Block types as the editor's 'Lägg till block' menu names them (api/contract/content-rules.ts BLOCK_TYPE_LABELS). */
export type BlockLabel = 'Rubrik' | 'Stycke' | 'Bild' | 'Citat' | 'Lista' | 'Vinvisning' | 'Knapp' | 'Avdelare';

/**
 * The page editor (/admin/page-editor/{pageId}) and the article editor (/admin/article-editor/{id?}) with their
 * block editor (spec 001 §2 'Page editor', 'Article editor', 'Block editor'). Locators only.
 */
export class ContentEditor {
  constructor(readonly page: Page) {}

  heading() {
    return this.page.getByRole('heading', { level: 1 });
  }

  /** 'Sidbyggare' / 'Artikelbyggare' / 'HTML-redigerare' in the 'Redigeringsläge' group. */
  modeButton(name: 'Sidbyggare' | 'Artikelbyggare' | 'HTML-redigerare') {
    return this.page.getByRole('group', { name: 'Redigeringsläge' }).getByRole('button', { name, exact: true });
  }

  previewLink() {
    return this.page.getByRole('link', { name: /^Förhandsgranska/ });
  }

  /** A read-only badge: Aktiv/Inaktiv, Publicerad/Utkast. */
  badge(text: 'Aktiv' | 'Inaktiv' | 'Publicerad' | 'Utkast') {
    return this.page.getByText(text, { exact: true });
  }

  /** A labelled field of the editor: 'Titel', 'Artikeltitel', 'Sammanfattning', 'Huvudbild URL', 'Författare', 'HTML-innehåll'. */
  field(label: 'Titel' | 'Artikeltitel' | 'Sammanfattning' | 'Huvudbild URL' | 'Författare' | 'HTML-innehåll') {
    return this.page.getByLabel(label, { exact: true });
  }

  publishSwitch() {
    return this.page.getByRole('switch', { name: 'Publicera artikel' });
  }

  /** 'Spara sida', 'Spara artikel', 'Spara ändringar', 'Skapa artikel', 'Uppdatera artikel'. */
  saveButton(name: 'Spara sida' | 'Spara artikel' | 'Spara ändringar' | 'Skapa artikel' | 'Uppdatera artikel') {
    return this.page.getByRole('button', { name, exact: true });
  }

  addBlockButton() {
    return this.page.getByRole('button', { name: 'Lägg till block' });
  }

  addBlockItem(label: BlockLabel) {
    return this.page.getByRole('menuitem', { name: label, exact: true });
  }

  /** The block cards, in order. */
  blocks() {
    return this.page.getByRole('region', { name: 'Block', exact: true }).getByRole('article');
  }

  /** A labelled field inside one block card ('Rubrik', 'Text', 'Bildadress', 'Punkt 1', 'Vin', …). */
  blockField(block: Locator, label: string) {
    return block.getByLabel(label, { exact: true });
  }

  /** A wine in the showcase picker's list, whose text starts with 'name - '. */
  wineOption(name: string) {
    return this.page.getByRole('option', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} - `) });
  }

  /** The warning that saving from the builder replaces the page's HTML. */
  replaceHtmlWarning() {
    return this.page.getByText('Innehållet redigerades senast i HTML-läget.', { exact: true });
  }

  /** The confirmation before the blocks replace the HTML, and its buttons. */
  confirmDialog() {
    return this.page.getByRole('alertdialog');
  }
}

/** A public page's content: an article's or a CMS page's blocks or HTML (the `vp-prose` body; no role of its own). */
export function publicContent(page: Page) {
  return page.locator('main .vp-prose').first();
}

/** The content tab's 'Artiklar' sub-tab. Locators only. */
export class AdminArticles {
  constructor(readonly page: Page) {}

  subTab() {
    return this.page.getByRole('tablist', { name: 'Innehållets delar' }).getByRole('tab', { name: 'Artiklar', exact: true });
  }

  newArticleLink() {
    return this.page.getByRole('link', { name: 'Ny artikel', exact: true });
  }

  /** The article's row in the list, by title. */
  row(title: string) {
    return this.page.getByRole('list', { name: 'Artiklar', exact: true }).getByRole('listitem').filter({ hasText: title });
  }

  editLink(title: string) {
    return this.page.getByRole('link', { name: `Redigera ${title}`, exact: true });
  }
}

/** The content tab's page list's 'Redigera' link of a page, by its title. */
export function editPageLink(page: Page, title: string) {
  return page.getByRole('list', { name: 'Sidor', exact: true }).getByRole('link', { name: `Redigera ${title}`, exact: true });
}
