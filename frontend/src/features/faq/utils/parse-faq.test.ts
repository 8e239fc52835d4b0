import { describe, expect, it } from 'vitest';
import { filterFaq, parseFaqGroup } from './parse-faq';

const group = parseFaqGroup(
  '## Menu & Drinks\n\n### What is a breve?\n\nMade with **half-and-half**.\n\n### What is Rebel?\n\nAn energy drink.\n\nServed iced.',
  'fallback',
);

describe('FAQ sections', () => {
  it('reads the group title, each question and its whole answer', () => {
    expect(group).toEqual({
      id: 'menu-and-drinks',
      title: 'Menu & Drinks',
      items: [
        { id: 'menu-and-drinks-1', question: 'What is a breve?', answer: 'Made with **half-and-half**.' },
        { id: 'menu-and-drinks-2', question: 'What is Rebel?', answer: 'An energy drink.\n\nServed iced.' },
      ],
    });
    expect(parseFaqGroup('### Q?\n\nA.', 'Other').title).toBe('Other');
  });

  it('filters by question and answer, case-insensitively, dropping empty groups', () => {
    expect(filterFaq([group], 'HALF')[0].items.map((i) => i.question)).toEqual(['What is a breve?']);
    expect(filterFaq([group], 'rebel')[0].items).toHaveLength(1);
    expect(filterFaq([group], 'matcha')).toEqual([]);
  });
});
