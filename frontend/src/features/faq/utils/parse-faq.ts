import { slugify } from '@coffee-guide/domain';

export interface FaqItem {
  id: string;
  question: string;
  /** Markdown text of the answer. */
  answer: string;
}

export interface FaqGroup {
  id: string;
  title: string;
  items: FaqItem[];
}

/**
 * A FAQ group section of the page content: `## Group`, then `### Question` headings each followed by the
 * answer up to the next `###`. A section without `##` takes `fallbackTitle`.
 */
export function parseFaqGroup(markdown: string, fallbackTitle: string): FaqGroup {
  let title = fallbackTitle;
  const items: FaqItem[] = [];
  let current: { question: string; lines: string[] } | null = null;
  const push = () => {
    if (current && current.question)
      items.push({ id: '', question: current.question, answer: current.lines.join('\n').trim() });
  };
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const h3 = /^###\s+(.*)$/.exec(line.trim());
    const h2 = h3 ? null : /^##\s+(.*)$/.exec(line.trim());
    if (h2 && !current && items.length === 0) {
      title = h2[1].trim();
    } else if (h3) {
      push();
      current = { question: h3[1].trim(), lines: [] };
    } else if (current) {
      current.lines.push(line);
    }
  }
  push();
  const groupId = slugify(title) || 'group';
  return { id: groupId, title, items: items.map((item, i) => ({ ...item, id: `${groupId}-${i + 1}` })) };
}

/** docs/decisions.md, "Input rules": case-insensitive substring on question and answer; empty groups are dropped. */
export function filterFaq(groups: readonly FaqGroup[], query: string): FaqGroup[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...groups];
  return groups
    .map((g) => ({
      ...g,
      items: g.items.filter((i) => i.question.toLowerCase().includes(q) || i.answer.toLowerCase().includes(q)),
    }))
    .filter((g) => g.items.length > 0);
}
