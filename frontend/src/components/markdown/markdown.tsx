import { Anchor, Blockquote, List, Text, Title, type TitleOrder } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { safeHref, safeImageSrc } from '@coffee-guide/contracts';

export { safeHref };

/**
 * A small markdown subset rendered as React elements, never as HTML: headings, paragraphs, ordered and
 * bulleted lists, > quotes, **bold**, *emphasis*, `code`, [links](url), ![pictures](url) and bare e-mail
 * addresses. Anything else, HTML tags included, shows as the text it is (docs/security.md, "Markdown bodies").
 */

type Block =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'quote'; text: string };

const HEADING = /^(#{1,6})\s+(.*)$/;
const ORDERED = /^\d+[.)]\s+(.*)$/;
const BULLET = /^[-*+]\s+(.*)$/;
const QUOTE = /^>\s?(.*)$/;

export function parseBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  let quote: string[] | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    if (list) blocks.push({ kind: 'list', ...list });
    if (quote) blocks.push({ kind: 'quote', text: quote.join(' ').trim() });
    paragraph = [];
    list = null;
    quote = null;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    const quoted = QUOTE.exec(line);
    if (quoted) {
      if (!quote) flush();
      quote ??= [];
      if (quoted[1].trim()) quote.push(quoted[1].trim());
      continue;
    }
    if (quote) flush();
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1].length, text: heading[2].trim() });
      continue;
    }
    const ordered = ORDERED.exec(line);
    const bullet = ordered ? null : BULLET.exec(line);
    if (ordered || bullet) {
      const isOrdered = Boolean(ordered);
      if (paragraph.length || (list && list.ordered !== isOrdered)) flush();
      list ??= { ordered: isOrdered, items: [] };
      list.items.push((ordered ?? bullet)![1]);
      continue;
    }
    if (list) list.items[list.items.length - 1] += ` ${line}`;
    else paragraph.push(line);
  }
  flush();
  return blocks;
}

const INLINE =
  /(!\[[^\]]*\]\([^)\s]+\)|\*\*[^*]+\*\*|`[^`]+`|\[[^\]]+\]\([^)\s]+\)|\*[^*\s][^*]*\*|(?<![\w])_[^_\s][^_]*_(?![\w])|[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})/g;

function MarkdownLink({ href, children }: { href: string; children: ReactNode }) {
  if (href.startsWith('/')) {
    return (
      <Anchor component={Link} to={href} inherit underline="always">
        {children}
      </Anchor>
    );
  }
  const external = /^https?:/i.test(href);
  return (
    <Anchor
      href={href}
      inherit
      underline="always"
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
    </Anchor>
  );
}

export function renderInline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let index = 0;
  for (const match of text.matchAll(INLINE)) {
    const token = match[0];
    const at = match.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    const key = index++;
    if (token.startsWith('![')) {
      const picture = /^!\[([^\]]*)\]\(([^)\s]+)\)$/.exec(token)!;
      const src = safeImageSrc(picture[2]);
      out.push(
        src ? (
          <img key={key} src={src} alt={picture[1]} loading="lazy" style={{ maxWidth: '100%', height: 'auto' }} />
        ) : (
          <Fragment key={key}>{picture[1]}</Fragment>
        ),
      );
    } else if (token.startsWith('**')) {
      out.push(<strong key={key}>{renderInline(token.slice(2, -2))}</strong>);
    } else if (token.startsWith('`')) {
      out.push(<code key={key}>{token.slice(1, -1)}</code>);
    } else if (token.startsWith('[')) {
      const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(token)!;
      const href = safeHref(link[2]);
      out.push(
        href ? (
          <MarkdownLink key={key} href={href}>
            {renderInline(link[1])}
          </MarkdownLink>
        ) : (
          <Fragment key={key}>{link[1]}</Fragment>
        ),
      );
    } else if (token.startsWith('*') || token.startsWith('_')) {
      out.push(<em key={key}>{renderInline(token.slice(1, -1))}</em>);
    } else {
      out.push(
        <MarkdownLink key={key} href={`mailto:${token}`}>
          {token}
        </MarkdownLink>,
      );
    }
    last = at + token.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export interface MarkdownProps {
  content: string;
  /** The level a '#' heading gets; '##' is one below it. Defaults to 1 (markdown's own levels). */
  baseHeadingLevel?: number;
  /** Text size of paragraphs and lists. */
  size?: 'sm' | 'md' | 'lg';
}

export function Markdown({ content, baseHeadingLevel = 1, size = 'md' }: MarkdownProps) {
  return (
    <>
      {parseBlocks(content).map((block, i) => {
        if (block.kind === 'heading') {
          const order = Math.min(6, Math.max(1, block.level + baseHeadingLevel - 1)) as TitleOrder;
          return (
            <Title key={i} order={order} size={order <= 2 ? 'h3' : 'h4'} mt="md" mb="xs">
              {renderInline(block.text)}
            </Title>
          );
        }
        if (block.kind === 'quote') {
          return (
            <Blockquote key={i} p="sm" mb="sm" fz={size}>
              {renderInline(block.text)}
            </Blockquote>
          );
        }
        if (block.kind === 'list') {
          return (
            <List key={i} type={block.ordered ? 'ordered' : 'unordered'} size={size} spacing={4} mb="sm" withPadding>
              {block.items.map((item, j) => (
                <List.Item key={j}>{renderInline(item)}</List.Item>
              ))}
            </List>
          );
        }
        return (
          <Text key={i} size={size} mb="sm">
            {renderInline(block.text)}
          </Text>
        );
      })}
    </>
  );
}

/**
 * A page section by its content type: markdown, plain text (paragraphs at blank lines) or html. An html
 * section arrives sanitised by the content service (sanitize-html, an allow-list of formatting tags and
 * http(s) or same-site links, applied when written and again when read: docs/security.md, "Html page
 * sections"), and is put in as it came: the same markup on the server and in the browser, no DOM needed.
 */
export function SectionContent({
  content,
  contentType,
  baseHeadingLevel,
  size,
}: MarkdownProps & { contentType: 'text' | 'markdown' | 'html' }) {
  if (contentType === 'markdown') return <Markdown content={content} baseHeadingLevel={baseHeadingLevel} size={size} />;
  if (contentType === 'html')
    return (
      <Text component="div" size={size} mb="sm" data-section-html="" dangerouslySetInnerHTML={{ __html: content }} />
    );
  return (
    <>
      {content
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p, i) => (
          <Text key={i} size={size} mb="sm" style={{ whiteSpace: 'pre-line' }}>
            {p}
          </Text>
        ))}
    </>
  );
}
