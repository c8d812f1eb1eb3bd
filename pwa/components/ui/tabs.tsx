import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';

/** One tab: a stable `id` (React key, often the ?tab= value), its visible label and its panel. */
export interface TabItem {
  id: string;
  label: string;
  panel: ReactNode;
}

/**
 * A row of tabs over their panels, on Headless UI's TabGroup (arrow keys, Home/End move between tabs; only the
 * selected panel is mounted). Controlled when `selectedIndex` is given (the admin panel and the partner portal
 * keep the tab in the address), otherwise it keeps its own state. `label` names the tab list for screen readers.
 * The row scrolls sideways when it is wider than the screen; with `wrap` it breaks onto a second line instead, so on
 * a phone every tab is in sight (the partner portal's five tabs at 375 px).
 */
export function Tabs({
  label,
  tabs,
  selectedIndex,
  onChange,
  wrap = false,
}: {
  label: string;
  tabs: readonly TabItem[];
  selectedIndex?: number;
  onChange?: (index: number) => void;
  wrap?: boolean;
}) {
  return (
    <TabGroup selectedIndex={selectedIndex} onChange={onChange}>
      <TabList
        aria-label={label}
        className={wrap ? 'flex flex-wrap gap-x-1 border-b border-ink' : '-mx-4 flex gap-1 overflow-x-auto border-b border-ink px-4 sm:mx-0 sm:px-0'}
      >
        {tabs.map((t) => (
          <Tab
            key={t.id}
            className="shrink-0 border-b-4 border-transparent px-3 py-2.5 font-sans text-sm font-semibold whitespace-nowrap text-ink-soft hover:text-ink focus:outline-none data-focus:outline-3 data-focus:outline-offset-[-3px] data-focus:outline-wine data-selected:border-wine data-selected:text-ink"
          >
            {t.label}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="pt-6">
        {tabs.map((t) => (
          <TabPanel key={t.id} className="focus:outline-none">
            {t.panel}
          </TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
