import { lazy } from 'react';
import { NearViewport } from '../components/near-viewport';
import { NEWSLETTER_ANCHOR } from './nav-links';

// The form, react-hook-form and the API's schema (with its phone-number rules) load when the section comes near.
const NewsletterSection = lazy(() => import('../features/newsletter/newsletter-form').then((m) => ({ default: m.NewsletterSection })));

/**
 * The start page's newsletter signup (spec 000 §2 'Home page' item 5) at its anchor #nyhetsbrev, where 'BLI MEDLEM'
 * scrolls and moves focus (tabIndex -1). The form's code is not part of the first load: it is below the fold.
 */
export function HomeNewsletter() {
  return (
    <NearViewport
      id={NEWSLETTER_ANCHOR}
      tabIndex={-1}
      className="scroll-mt-4 focus:outline-none"
      // About the section's height: its texts and three fields stacked on phones, side by side from md.
      placeholderClassName="my-10 min-h-[42rem] sm:min-h-[34rem] md:my-14 md:min-h-[20rem]"
    >
      <NewsletterSection />
    </NearViewport>
  );
}
