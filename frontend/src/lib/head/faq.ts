/** One question of the FAQ page and its answer as plain text. */
export interface FaqEntry {
  question: string;
  answer: string;
}

/** Markdown of an answer as plain text: links keep their text, emphasis and code marks go, lists become lines. */
export function markdownToText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, '')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^\w*])[*_]([^*_\n]+)[*_](?=[^\w*]|$)/g, '$1$2')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/^[ \t]{0,3}(?:[-*+]|\d+\.)[ \t]+/gm, '')
    .replace(/^[ \t]{0,3}>[ \t]?/gm, '')
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean)
    .join('\n\n');
}

/**
 * The questions of the FAQ's markdown sections (docs/data/content.md): each `### question` heading and the
 * text up to the next heading, in section order.
 */
export function faqEntries(sections: { sectionKey: string; content: string; contentType: string }[]): FaqEntry[] {
  const entries: FaqEntry[] = [];
  const ordered = [...sections]
    .filter((s) => s.contentType === 'markdown')
    .sort((a, b) => a.sectionKey.localeCompare(b.sectionKey));
  for (const section of ordered) {
    const parts = section.content.split(/^###[ \t]+/m).slice(1);
    for (const part of parts) {
      const newline = part.indexOf('\n');
      const question = (newline === -1 ? part : part.slice(0, newline)).replace(/#+\s*$/, '').trim();
      const body = newline === -1 ? '' : part.slice(newline + 1).split(/^#{1,2}[ \t]/m)[0];
      const answer = markdownToText(body);
      if (question && answer) entries.push({ question: markdownToText(question), answer });
    }
  }
  return entries;
}
