import type { ReactNode } from 'react';
import classes from './jump-links.module.css';

export interface JumpLink {
  /** The id of the part of the page the link goes to (a plain `#id` anchor). */
  id: string;
  label: string;
  /** A figure after the label, e.g. a count (its words for screen readers in a VisuallyHidden inside). */
  extra?: ReactNode;
}

export interface JumpLinksProps {
  /** The navigation's name for assistive technology, e.g. "Cities in Oregon". */
  label: string;
  /** The visible title before the links, or the summary of the folded list. */
  title: string;
  links: readonly JumpLink[];
  /** More links than this are folded into a native `<details>`, its summary naming how many. */
  foldAbove?: number;
  /** The words of the count in the folded summary, e.g. "cities". */
  countNoun?: string;
}

/**
 * Jump links at the top of a long page: real `#id` anchors in a `<nav>`, so they work without JavaScript,
 * with the keyboard and with a screen reader's list of landmarks. A long list is folded into a native
 * `<details>` (closed, so the first screen stays short; it opens without JavaScript). Nothing here depends
 * on the browser, so the server renders it as the client does: no shift on hydration.
 */
export function JumpLinks({ label, title, links, foldAbove = Infinity, countNoun }: JumpLinksProps) {
  if (links.length === 0) return null;
  const list = (
    <ul className={classes.list}>
      {links.map((l) => (
        <li key={l.id}>
          <a href={`#${l.id}`} className={classes.link}>
            <span>{l.label}</span>
            {l.extra !== undefined && <span className={classes.extra}>{l.extra}</span>}
          </a>
        </li>
      ))}
    </ul>
  );
  if (links.length > foldAbove)
    return (
      <nav aria-label={label} className={classes.nav} data-testid="jump-links">
        <details className={classes.details}>
          <summary className={classes.summary}>
            {title}{' '}
            <span className={classes.extra}>
              ({links.length}
              {countNoun ? ` ${countNoun}` : ''})
            </span>
          </summary>
          {list}
        </details>
      </nav>
    );
  return (
    <nav aria-label={label} className={classes.nav} data-testid="jump-links">
      <p className={classes.title}>{title}</p>
      {list}
    </nav>
  );
}
