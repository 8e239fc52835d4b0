import { type AdminMenuItem } from '@coffee-guide/contracts';
import { categoryDisplayName, CHAIN_NAME, MENU_CATEGORIES } from '@coffee-guide/domain';
import { Badge, Group, SegmentedControl, Select, Text, type SelectProps } from '@mantine/core';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useList, menuItemsResource } from '../api/resources';
import type { RowFilter } from '../components/row-filter';

export const SIZE_OPTIONS = [
  { value: 'small', label: 'Small (16 oz)' },
  { value: 'medium', label: 'Medium (24 oz)' },
  { value: 'large', label: 'Large (32 oz)' },
];

export const SIZE_ORDER: Record<string, number> = { small: 0, medium: 1, large: 2 };

export const categoryName = (slug: string, brand = CHAIN_NAME) => categoryDisplayName(slug, brand) ?? slug;

export const CATEGORY_OPTIONS = MENU_CATEGORIES.map((c) => ({ value: c.slug, label: categoryName(c.slug) }));

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : dateFormat.format(time);
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : dateTimeFormat.format(time);
}

/**
 * A small tag: outlined, its text in the colour's darkest shade, so it keeps 4.5:1 on white (Mantine's
 * light badges fall below that). Colours with a dark enough shade 9: teal, cyan, blue, grape, red, gray, coffee.
 */
export function Tag({
  color = 'gray',
  children,
  ...rest
}: { color?: string; children: ReactNode } & Record<`data-${string}`, unknown>) {
  return (
    <Badge variant="outline" color={color} tt="none" style={{ color: `var(--mantine-color-${color}-9)` }} {...rest}>
      {children}
    </Badge>
  );
}

/** A table cell: the row's name over a dimmed second line (its address, slug or e-mail). */
export function NameCell({ name, detail, weight = 600 }: { name: string; detail: string; weight?: number }) {
  return (
    <div>
      <Text size="sm" fw={weight}>
        {name}
      </Text>
      <Text size="xs" c="dimmed">
        {detail}
      </Text>
    </div>
  );
}

/** A row's on/off state as a tag (docs/decisions.md, "Pages and routes": active/inactive, Open/Closed). */
export function StatusBadge({ on, onLabel, offLabel }: { on: boolean; onLabel: string; offLabel: string }) {
  return (
    <Tag color={on ? 'teal' : 'gray'} data-state={on ? 'on' : 'off'}>
      {on ? onLabel : offLabel}
    </Tag>
  );
}

/** Tags as badges: the first `max`, then '+N' (docs/decisions.md, "Counts, limits and timings": blog rows show 2 tags then '+N'). */
export function TagList({ tags, max = Infinity }: { tags: readonly string[]; max?: number }) {
  const shown = tags.slice(0, max);
  const more = tags.length - shown.length;
  return (
    <Group gap={4} wrap="wrap">
      {shown.map((t) => (
        <Tag key={t}>{t}</Tag>
      ))}
      {more > 0 && (
        <Text span size="xs" c="dimmed" role="img" aria-label={`${more} more`}>
          +{more}
        </Text>
      )}
    </Group>
  );
}

/** The drinks as options of a select: the name, with its category when two drinks share a name. */
export function useDrinkOptions() {
  const items = useList(menuItemsResource);
  const options = useMemo(() => drinkOptions(items.data ?? []), [items.data]);
  return { options, items };
}

export function drinkOptions(items: readonly AdminMenuItem[]) {
  const count = new Map<string, number>();
  for (const i of items) count.set(i.name, (count.get(i.name) ?? 0) + 1);
  return [...items]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((i) => ({
      value: String(i.id),
      label: count.get(i.name)! > 1 ? `${i.name} (${categoryName(i.category)})` : i.name,
    }));
}

/** The drink select of the price and nutrition forms and filters. */
export function DrinkSelect(props: SelectProps) {
  return <Select label="Drink" searchable limit={50} nothingFoundMessage="No drink by that name" {...props} />;
}

/** A price or nutrition row: a drink at a size. */
type DrinkSizeRow = { menuItemId: number; menuItemName: string; size: string };

/** A drink-size row's name in titles, buttons and the delete confirmation: 'Americano (medium)'. */
export const drinkSizeName = (r: Pick<DrinkSizeRow, 'menuItemName' | 'size'>) => `${r.menuItemName} (${r.size})`;

/** The drink and size fields of a price or nutrition form. */
export type DrinkSizeValues = { menuItemId: string | null; size: string | null };

export const drinkSizeValues = (row: DrinkSizeRow | null): DrinkSizeValues => ({
  menuItemId: row ? String(row.menuItemId) : null,
  size: row?.size ?? null,
});

/** The drink id goes as an integer (docs/decisions.md, "Calls and request conventions"). */
export const drinkSizePayload = (v: DrinkSizeValues) => ({
  menuItemId: v.menuItemId === null ? undefined : wholeNumberOf(v.menuItemId),
  size: v.size ?? undefined,
});

/** 'Americano (medium)' of a success toast, from the drink picked. */
export const drinkSizeLabel = (drinks: readonly { value: string; label: string }[], v: DrinkSizeValues) =>
  `${drinks.find((d) => d.value === v.menuItemId)?.label ?? 'The drink'} (${v.size})`;

/** The drink and size filters of the price and nutrition tables, and the drinks as options for their forms. */
export function useDrinkSizeFilter<Row extends DrinkSizeRow>(): {
  drinks: { value: string; label: string }[];
  filter: RowFilter<Row>;
} {
  const { options: drinks, items } = useDrinkOptions();
  const [drink, setDrink] = useState<string | null>(null);
  const drinkSlug = drink === null ? undefined : items.data?.find((i) => String(i.id) === drink)?.slug;
  const [size, setSize] = useState('all');
  const sizeLabel = useId();
  const controls = (
    <>
      <DrinkSelect placeholder="All drinks" data={drinks} value={drink} onChange={setDrink} clearable w={240} />
      <div>
        <Text component="span" size="sm" fw={500} id={sizeLabel} display="block" mb={4}>
          Size
        </Text>
        <SegmentedControl
          aria-labelledby={sizeLabel}
          value={size}
          onChange={setSize}
          data={[
            { value: 'all', label: 'All' },
            { value: 'small', label: 'Small' },
            { value: 'medium', label: 'Medium' },
            { value: 'large', label: 'Large' },
          ]}
        />
      </div>
    </>
  );
  return {
    drinks,
    filter: {
      controls,
      csvFilters: { ...(drinkSlug ? { menuItemSlug: drinkSlug } : {}), ...(size === 'all' ? {} : { size }) },
      keep: (rows) =>
        rows.filter((r) => (drink === null || String(r.menuItemId) === drink) && (size === 'all' || r.size === size)),
    },
  };
}

/** Text input value of a number field: '' for none. */
export const numberText = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** A whole-number field: a number when it reads as one, the text itself otherwise (the schema says why), undefined when empty. */
export function wholeNumberOf(text: string): number | string | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  return /^-?\d+$/.test(t) ? Number(t) : t;
}

/** A decimal sent as text (docs/decisions.md, "Calls and request conventions"), undefined when empty. */
export function decimalTextOf(text: string): string | undefined {
  const t = text.trim();
  return t === '' ? undefined : t;
}
