import type { SiteBundle } from '@coffee-guide/contracts';

type Sections = SiteBundle['pageContent'][string];

const text = (content: string) => ({ content, contentType: 'text' as const });
const markdown = (content: string) => ({ content, contentType: 'markdown' as const });

export const aboutSections: Sections = {
  'hero.title': text('About {siteName}'),
  'hero.subtitle': text('An unofficial fan guide to {brand}.'),
  story: text('{siteName} is a fan project.\n\nThe chain started with a pushcart in 1992.'),
  stats: text(
    JSON.stringify([
      { value: '1992', label: 'Founded' },
      { value: '{standCount}', label: 'Stands' },
      { value: '16,000+', label: 'Employees' },
      { value: '{stateCount}', label: 'States' },
    ]),
  ),
  timeline: text(
    JSON.stringify([
      { year: '1992', title: 'A pushcart', text: 'Espresso from a pushcart.' },
      { year: '2024', title: 'Close to a thousand', text: 'Nearly 1,000 stands.' },
    ]),
  ),
  values: text(
    JSON.stringify(['Speed', 'Quality', 'Service', 'Community'].map((title) => ({ title, text: `${title} matters.` }))),
  ),
  community: text('this is not JSON'),
  'fan-site-note': markdown('For the official story, visit [{officialSiteUrl}]({officialSiteUrl}).'),
};

export const termsSections: Sections = {
  lastUpdated: text('July 16, 2025'),
  notice: markdown('**Not affiliated with {brand}.** {siteName} is an independent fan guide.'),
  intro: markdown('These terms apply to the Site. <script>alert(1)</script>'),
  '01-acceptance': markdown('## 1. Acceptance of Terms\n\nBy using the Site you agree.'),
  '02-purpose': markdown('## 2. Purpose\n\n- Information\n- Comparison'),
  '07-contact': markdown('## 7. Contact Information\n\nWrite to {email}. [Bad link](javascript:alert(1)).'),
};

export function pagesBundle(pageContent: SiteBundle['pageContent']): SiteBundle {
  return {
    settings: {
      brandName: 'Dutch Bros',
      siteName: 'Coffee Guide',
      contactEmail: 'fans@example.test',
      officialSiteUrl: 'https://official.example',
    },
    pageContent,
  };
}
