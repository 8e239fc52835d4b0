import { describe, expect, it } from 'vitest';
import { faqEntries, markdownToText } from './faq';

describe('FAQ markdown', () => {
  it('reads each ### question and its answer, in section order, as plain text', () => {
    const entries = faqEntries([
      { sectionKey: 'intro', content: 'Not a group', contentType: 'text' },
      { sectionKey: 'group-2-b', content: '## B\n\n### Second?\n\nAnswer **two**.\n', contentType: 'markdown' },
      {
        sectionKey: 'group-1-a',
        content:
          '## A\n\n### First?\n\nSee [the menu](/menu) and _more_.\n\n- one\n- two\n\n### Empty?\n\n### Third?\nLine `x`\ncontinues.',
        contentType: 'markdown',
      },
    ]);
    expect(entries).toEqual([
      { question: 'First?', answer: 'See the menu and more.\n\none two' },
      { question: 'Third?', answer: 'Line x continues.' },
      { question: 'Second?', answer: 'Answer two.' },
    ]);
  });

  it('drops html tags from answers', () => {
    expect(markdownToText('a <b>bold</b> <script>x</script> c')).toBe('a bold x c');
  });
});
