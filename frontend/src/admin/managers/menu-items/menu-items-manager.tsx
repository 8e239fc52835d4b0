import type { AdminMenuItem } from '@coffee-guide/contracts';
import { Group } from '@mantine/core';
import { DraftBadge } from '@/admin/forms/publication';
import { menuItemsResource } from '@/admin/api/resources';
import { CrudManager } from '@/admin/components/crud-manager';
import type { Column } from '@/admin/components/data-table';
import { useSelectFilter } from '@/admin/components/row-filter';
import { CATEGORY_OPTIONS, categoryName, formatDate, NameCell, Tag } from '../shared';
import { MenuItemForm } from './menu-item-form';

/** docs/decisions.md, "Pages and routes": menu item rows show the tags Popular, Secret and Seasonal from the flags. */
export function menuItemTags(item: AdminMenuItem): string[] {
  return [item.isPopular && 'Popular', item.isSecretMenu && 'Secret', item.isSeasonal && 'Seasonal'].filter(
    (t): t is string => !!t,
  );
}

const TAG_COLORS: Record<string, string> = { Popular: 'coffee', Secret: 'grape', Seasonal: 'cyan' };

const columns: Column<AdminMenuItem>[] = [
  {
    key: 'name',
    csvColumn: 'name',
    header: 'Name',
    value: (r) => r.name,
    render: (r) => (
      <Group gap={6} wrap="nowrap">
        <NameCell name={r.name} detail={r.slug} />
        <DraftBadge status={r.status} />
      </Group>
    ),
  },
  { key: 'category', header: 'Category', csvColumn: 'category', value: (r) => categoryName(r.category) },
  {
    key: 'tags',
    header: 'Tags',
    value: (r) => menuItemTags(r).join(' '),
    render: (r) => (
      <Group gap={4}>
        {menuItemTags(r).map((t) => (
          <Tag key={t} color={TAG_COLORS[t]}>
            {t}
          </Tag>
        ))}
      </Group>
    ),
  },
  {
    key: 'updatedAt',
    header: 'Updated',
    csvColumn: 'updatedAt',
    value: (r) => r.updatedAt,
    searchable: false,
    render: (r) => formatDate(r.updatedAt),
  },
];

export function MenuItemsManager() {
  const filter = useSelectFilter<AdminMenuItem>(
    (r) => r.category,
    { label: 'Category', placeholder: 'All categories', data: CATEGORY_OPTIONS },
    'category',
  );
  return (
    <CrudManager
      title="Menu Items"
      noun="menu item"
      resource={menuItemsResource}
      csv="menu-items"
      itemName={(r) => r.name}
      columns={columns}
      filter={filter}
      table={{
        searchPlaceholder: 'Name, category or tag',
        initialSort: { key: 'name', direction: 'asc' },
        emptyText: 'No menu items yet: add the first one.',
      }}
      renderForm={(row, close) => <MenuItemForm item={row} onClose={close} />}
    />
  );
}
