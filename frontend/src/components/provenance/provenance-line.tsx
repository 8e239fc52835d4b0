import { Anchor, Text } from '@mantine/core';
import { reportErrorHref } from '@coffee-guide/contracts';
import { Link, useLocation } from 'react-router-dom';
import { formatIsoDate } from '@/lib/format';
import { useNow } from '@/lib/now';
import { useDataAsOf, useStaleAfterMonths } from '@/lib/site-bundle';
import { isStale } from '@/lib/stale';

export const HOW_WE_ESTIMATE_PATH = '/how-we-estimate';

export interface ProvenanceLineProps {
  /** What the line is about: "Prices and nutrition", "Stand details". */
  subject: string;
  source?: string | null;
  asOf?: string | null;
  /** True: this guide's estimate; false: published by the chain; undefined: not known. */
  estimated?: boolean;
  /** The report-an-error link (the contact form with the page and item filled in). */
  reportHref?: string;
}

/**
 * One short line on what a figure is (estimated or published), where it comes from and as of when, with
 * the "How we estimate" page and a report-an-error link (docs/data/figures.md). A figure older than the site's
 * `staleAfterMonths` says so. Plain links: it reads the same without JavaScript.
 */
export function ProvenanceLine({ subject, source, asOf, estimated, reportHref }: ProvenanceLineProps) {
  const now = useNow();
  const months = useStaleAfterMonths();
  const stale = isStale(asOf, now, months);
  const kind = estimated === undefined ? '' : estimated ? 'estimated' : 'published';
  return (
    <Text size="sm" c="dimmed" data-testid="provenance">
      {subject}
      {kind && `: ${kind}`}
      {source ? ` · source: ${source}` : ''}
      {asOf ? ` · as of ${formatIsoDate(asOf)}` : ''}
      {' · '}
      <Anchor component={Link} to={HOW_WE_ESTIMATE_PATH} size="sm" underline="always">
        How we estimate
      </Anchor>
      {reportHref && (
        <>
          {' · '}
          <Anchor component={Link} to={reportHref} size="sm" rel="nofollow" underline="always">
            Report an error
          </Anchor>
        </>
      )}
      {stale && (
        <Text component="span" size="sm" c="red.9" fw={600} data-testid="stale">
          {' '}
          · More than {months} months old: it may be out of date.
        </Text>
      )}
    </Text>
  );
}

const MODEL_SOURCE = { prices: "This guide's price model", nutrition: "This guide's nutrition model" } as const;

/**
 * The provenance line of a whole price or nutrition page: the model, its as-of date from the data, and a
 * report-an-error link naming this page. A drink the chain prices itself says so on its own page.
 */
export function ModelProvenanceLine({ kind }: { kind: 'prices' | 'nutrition' }) {
  const { pathname } = useLocation();
  const asOf = useDataAsOf(kind);
  return (
    <ProvenanceLine
      subject={kind === 'prices' ? 'Prices' : 'Nutrition'}
      source={MODEL_SOURCE[kind]}
      asOf={asOf}
      estimated
      reportHref={reportErrorHref(pathname)}
    />
  );
}
