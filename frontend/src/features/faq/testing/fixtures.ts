import type { SiteBundle } from '@coffee-guide/contracts';

const menuGroup = `## Menu & Drinks

### What is a breve?

A breve is an espresso drink made with **half-and-half** instead of milk.

### What is Rebel?

Rebel is the chain's own energy drink.

It is served over ice or blended.

### Can I customize my drink?

Yes: milk, syrups, shots and ice.`;

const locationsGroup = `## Locations & Hours

### How many stands are there?

Our stand list currently counts {standCount} stands in {stateCount} states.

### How do I contact you?

Write to {email}. We reply within 24 hours.`;

/** /api/site with the FAQ's intro and two groups, as the content seed writes them. */
export function faqBundle(overrides: Partial<SiteBundle['pageContent']> = {}): SiteBundle {
  return {
    settings: { brandName: 'Dutch Bros', contactEmail: 'fans@example.test' },
    pageContent: {
      faq: {
        intro: { content: 'Answers to the questions we hear most about {brand}.', contentType: 'text' },
        'group-1-menu-drinks': { content: menuGroup, contentType: 'markdown' },
        'group-3-locations-hours': { content: locationsGroup, contentType: 'markdown' },
      },
      ...overrides,
    },
  };
}
