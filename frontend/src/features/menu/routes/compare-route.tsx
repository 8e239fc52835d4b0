import { type DrinkDetail } from '@coffee-guide/contracts';
import {
  canonicalCompare,
  COMPARE_MAX,
  COMPARE_MIN,
  comparePath,
  drinkValue,
  formatValue,
  readCompareParam,
  SIZES,
  type DrinkSize,
} from '@coffee-guide/domain';
import { Box, Button, Container, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { CompareButton } from '@/components/compare-tray/compare-button';
import { ShareIcon } from '@/components/icons/icons';
import { PageHeader } from '@/components/page-header/page-header';
import { QueryError } from '@/components/query-error/query-error';
import { formatGrams, formatPrice, titleFromSlug } from '@/lib/format';
import { shareOrCopy } from '@/lib/copy-text';
import { useSiteOrigin } from '@/lib/site-origin';
import { usePageHead } from '@/lib/use-page-head';
import { useCompare } from '../api/get-compare';
import { CaffeineNote, figuresOf } from '../components/drink-value/drink-value';
import { drinkPath } from '../utils/drink';
import classes from './compare-route.module.css';

type SizeDetail = DrinkDetail['sizeDetails'][number];

interface Row {
  label: string;
  /** The number the best value is judged by; null when unknown. */
  value?: (s: SizeDetail) => number | null;
  best?: 'min' | 'max';
  show: (s: SizeDetail, d: DrinkDetail) => ReactNode;
}

const grams = (v: number | undefined) => (v === undefined ? 'N/A' : `${formatGrams(v)} g`);

/** The rows of the table; every value figure comes from the one value function (drinkValue). */
const ROWS: Row[] = [
  { label: 'Price (est.)', value: (s) => Number(s.price), best: 'min', show: (s) => formatPrice(s.price) },
  { label: 'Fluid ounces', show: (s) => (s.ounces > 0 ? `${s.ounces} fl oz` : 'N/A') },
  {
    label: 'Calories',
    value: (s) => s.nutrition?.calories ?? null,
    best: 'min',
    show: (s) => s.nutrition?.calories ?? 'N/A',
  },
  { label: 'Sugar', value: (s) => s.nutrition?.sugars ?? null, best: 'min', show: (s) => grams(s.nutrition?.sugars) },
  { label: 'Fat', value: (s) => s.nutrition?.fat ?? null, best: 'min', show: (s) => grams(s.nutrition?.fat) },
  { label: 'Caffeine', show: (s) => (s.nutrition ? `${s.nutrition.caffeine} mg` : 'N/A') },
  {
    label: 'Price per fl oz (est.)',
    value: (s) => drinkValue(figuresOf(s)).pricePerOz,
    best: 'min',
    show: (s) => formatValue.pricePerOz(drinkValue(figuresOf(s)).pricePerOz),
  },
  {
    label: 'Caffeine per dollar (est.)',
    value: (s) => {
      const v = drinkValue(figuresOf(s)).caffeinePerDollar;
      return v === null || v === 0 ? null : v;
    },
    best: 'max',
    show: (s) => formatValue.caffeinePerDollar(drinkValue(figuresOf(s)).caffeinePerDollar),
  },
  { label: 'Allergens', show: (_s, d) => (d.allergens.length ? d.allergens.join(', ') : 'None listed') },
  { label: 'Dietary', show: (_s, d) => (d.dietaryOptions.length ? d.dietaryOptions.join(', ') : '–') },
];

/** The index of the best value in a row (a tie marks none), or -1. */
export function bestIndex(values: (number | null)[], best: 'min' | 'max'): number {
  const known = values.map((v, i) => [v, i] as const).filter(([v]) => v !== null) as [number, number][];
  if (known.length < 2) return -1;
  const target = best === 'min' ? Math.min(...known.map(([v]) => v)) : Math.max(...known.map(([v]) => v));
  const at = known.filter(([v]) => v === target);
  return at.length === 1 ? at[0][1] : -1;
}

function isSize(value: string | null): value is DrinkSize {
  return SIZES.some((s) => s.size === value);
}

function CompareTable({ drinks, size }: { drinks: DrinkDetail[]; size: DrinkSize }) {
  const details = drinks.map((d) => d.sizeDetails.find((s) => s.size === size) ?? null);
  return (
    <div
      className={classes.scroll}
      tabIndex={0}
      role="region"
      aria-label="Comparison table, scrolls sideways"
      data-testid="compare-scroll"
    >
      <table className={classes.table} data-testid="compare-table">
        <caption className={classes.caption}>
          {drinks.map((d) => d.name).join(' vs ')}, {size} size. Every price and nutrition figure is an estimate.
        </caption>
        <thead>
          <tr>
            <th scope="col">{titleFromSlug(size)}</th>
            {drinks.map((d) => (
              <th key={d.slug} scope="col">
                <Stack gap={6} align="flex-start">
                  <Link to={drinkPath(d)} data-testid="compare-drink">
                    {d.name}
                  </Link>
                  {/* a shared comparison's drinks can go into the visitor's own tray */}
                  <CompareButton drink={d} />
                </Stack>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ROWS.map((row) => {
            const values = row.value && row.best ? details.map((s) => (s ? row.value!(s) : null)) : [];
            const best = row.best ? bestIndex(values, row.best) : -1;
            return (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                {drinks.map((d, i) => {
                  const s = details[i];
                  return (
                    <td key={d.slug} data-best={i === best || undefined}>
                      {s ? row.show(s, d) : 'Not sold in this size'}
                      {i === best && <span className={classes.best}>{row.best === 'min' ? 'Lowest' : 'Most'}</span>}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** `/compare?drinks=a,b&size=medium`: two to four drinks side by side (docs/drink-tools.md). */
export function CompareRoute() {
  const [params] = useSearchParams();
  const selection = readCompareParam(params.get('drinks'));
  const sizeParam = params.get('size');
  const size: DrinkSize = isSize(sizeParam) ? sizeParam : 'small';
  const enough = selection.slugs.length >= COMPARE_MIN;
  const compare = useCompare(selection.slugs, { enabled: enough });
  const drinks = compare.data?.drinks ?? [];
  const missing = compare.data?.missing ?? [];

  usePageHead(
    { type: 'compare', drinks: selection.slugs },
    { compare: drinks },
    { ready: !enough || !compare.isPending },
  );

  const names = canonicalCompare(drinks.map((d) => d.slug)).map((slug) => drinks.find((d) => d.slug === slug)!.name);
  const title = drinks.length >= COMPARE_MIN ? names.join(' vs ') : 'Compare drinks';

  const origin = useSiteOrigin();
  const link = `${origin}${comparePath(
    drinks.map((d) => d.slug),
    size,
  )}`;
  const [shared, setShared] = useState('');
  // the device's share sheet, else the link copied; the link is on the page either way
  const shareComparison = async () => {
    const outcome = await shareOrCopy({
      title,
      text: `${title}: estimated price, caffeine and nutrition side by side`,
      url: link,
    });
    setShared(
      outcome === 'copied'
        ? 'Link copied to clipboard!'
        : outcome === 'failed'
          ? 'Copy the link below to share it.'
          : '',
    );
  };

  const messages: string[] = [];
  if (selection.dropped.length)
    messages.push(
      `Compare takes up to ${COMPARE_MAX} drinks: ${selection.dropped.join(', ')} left out. Remove a drink to add another.`,
    );
  if (selection.invalid.length) messages.push(`Not a drink name: ${selection.invalid.join(', ')}.`);
  if (missing.length) messages.push(`No drink on the menu is called ${missing.map((m) => `"${m}"`).join(', ')}.`);
  if (!enough)
    messages.push(
      selection.slugs.length === 1
        ? 'Add at least one more drink to compare it with.'
        : 'Choose two to four drinks to compare them.',
    );
  else if (compare.isSuccess && drinks.length < COMPARE_MIN)
    messages.push('Fewer than two of these drinks are on the menu: add another one to compare.');

  let body: ReactNode = null;
  if (enough && compare.isError) {
    body = (
      <QueryError
        title="We couldn't load these drinks."
        onRetry={() => void compare.refetch()}
        retrying={compare.isFetching}
      />
    );
  } else if (enough && compare.isPending) {
    body = (
      <Text role="status" aria-live="polite">
        Loading...
      </Text>
    );
  } else if (drinks.length >= COMPARE_MIN) {
    body = (
      <Stack gap="md">
        <nav aria-label="Size">
          <ul className={classes.sizes}>
            {SIZES.map((s) => (
              <li key={s.size}>
                <Link
                  to={comparePath(
                    drinks.map((d) => d.slug),
                    s.size,
                  )}
                  replace
                  className={classes.sizeLink}
                  aria-current={s.size === size ? 'page' : undefined}
                >
                  {titleFromSlug(s.size)} ({s.ounces} oz)
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <CompareTable drinks={drinks} size={size} />
        <CaffeineNote />
      </Stack>
    );
  }

  return (
    <Container pb={96}>
      <PageHeader
        title={title}
        breadcrumbs={[{ label: 'Menu', href: '/menu' }, { label: 'Compare' }]}
        description="Price, price per ounce, calories, sugar, fat, caffeine and caffeine per dollar side by side. Every figure is an estimate."
      />
      <Stack gap="md">
        {messages.length > 0 && (
          <Box className={classes.message} role="status" data-testid="compare-message">
            <Stack gap={4}>
              <Text fw={700}>About this comparison</Text>
              {messages.map((m) => (
                <Text key={m} size="sm">
                  {m}
                </Text>
              ))}
              <Text size="sm">
                Add drinks with the Compare button on any drink card or drink page, or{' '}
                <Link to="/menu">browse the menu</Link>.
              </Text>
            </Stack>
          </Box>
        )}
        {drinks.length >= COMPARE_MIN && (
          <Group align="flex-end" gap="sm">
            <Button leftSection={<ShareIcon size={16} />} onClick={() => void shareComparison()}>
              Share this comparison
            </Button>
            <TextInput
              label="Link to this comparison"
              value={link}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              style={{ flex: '1 1 240px' }}
            />
            <Text size="sm" role="status" aria-live="polite" data-testid="share-status">
              {shared}
            </Text>
          </Group>
        )}
        <Box>{body}</Box>
      </Stack>
    </Container>
  );
}
