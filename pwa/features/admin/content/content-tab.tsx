import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useSearchParams } from 'react-router-dom';
import { MedalDesignsPanel } from '../medals/medal-designs-panel';
import { SliderPanel } from '../slider/slider-panel';
import { DiagnosticsPanel } from './diagnostics-panel';
import { LogosPanel } from './logos-panel';
import { ArticlesPanel } from './articles-panel';
import { MigrationCard } from './migration-card';
import { PagesPanel } from './pages-panel';
import { SettingsPanel } from './settings-panel';
import { useUpdateSearchParams } from '../../../lib/use-update-search-params';

/**
 * The content tab's sub-tabs, in order (spec 001 §2 'Content tab': pages, slider, settings, logos, diagnostics;
 * plus articles and medals).
 */
export const CONTENT_SECTIONS = [
  { id: 'pages', label: 'Sidor', Panel: PagesPanel },
  { id: 'articles', label: 'Artiklar', Panel: ArticlesPanel },
  { id: 'slider', label: 'Slider', Panel: SliderPanel },
  { id: 'settings', label: 'Inställningar', Panel: SettingsPanel },
  { id: 'logos', label: 'Logotyper', Panel: LogosPanel },
  { id: 'diagnostics', label: 'Diagnostik', Panel: DiagnosticsPanel },
  { id: 'medals', label: 'Medaljer', Panel: MedalDesignsPanel },
] as const;

const ARTICLES_INDEX = CONTENT_SECTIONS.findIndex((s) => s.id === 'articles');

/**
 * The admin's content tab 'INNEHÅLLSHANTERING' (spec 001 §2): the blue migration card while there are neither
 * pages nor settings, then the sub-tabs Sidor, Artiklar, Slider, Inställningar, Logotyper, Diagnostik and
 * Medaljer. /admin?tab=articles opens Artiklar (spec 001 §2 'tab=articles'), and choosing Artiklar writes
 * tab=articles back, so the article editor's 'Tillbaka' and a reload return to it. A hidden sub-tab is
 * unmounted, so diagnostics are only polled while they are shown.
 */
export function ContentTab() {
  const params = useSearchParams()[0];
  const updateParams = useUpdateSearchParams();
  const selected = params.get('tab') === 'articles' ? ARTICLES_INDEX : undefined;

  function handleChange(index: number) {
    const tab = index === ARTICLES_INDEX ? 'articles' : 'content';
    if ((params.get('tab') ?? 'content') === tab) return;
    updateParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', tab);
        return next;
      },
      { replace: true },
    );
  }

  return (
    <section aria-labelledby="content-tab-heading">
      <h2 id="content-tab-heading" className="mb-4 font-display text-2xl font-black tracking-wide text-ink uppercase sm:text-3xl">
        INNEHÅLLSHANTERING
      </h2>
      <MigrationCard />
      <TabGroup defaultIndex={selected ?? 0} onChange={handleChange}>
        <TabList aria-label="Innehållets delar" className="-mx-4 flex gap-1 overflow-x-auto border-b border-rule px-4 sm:mx-0 sm:flex-wrap sm:px-0">
          {CONTENT_SECTIONS.map((s) => (
            <Tab
              key={s.id}
              className="shrink-0 border border-b-0 border-transparent px-3 py-2 font-sans focus-visible:outline-offset-[-3px] text-sm font-semibold whitespace-nowrap text-ink-soft hover:text-ink data-selected:border-rule data-selected:bg-white/70 data-selected:text-wine"
            >
              {s.label}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="pt-6">
          {CONTENT_SECTIONS.map(({ id, Panel }) => (
            <TabPanel key={id} className="focus:outline-none">
              <Panel />
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </section>
  );
}
