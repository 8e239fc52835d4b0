import type { AdminMenuItem } from '@coffee-guide/contracts';
import { Group, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { menuItemsResource } from '../../api/resources';
import { CrudManager } from '../../components/crud-manager';
import type { Column } from '../../components/data-table';
import { CATEGORY_OPTIONS, categoryName, formatDate, Tag } from '../shared';
import { MenuItemForm } from './menu-item-form';

/** SPEC section 2: menu item rows show the tags Popular, Secret and Seasonal from the flags. */
export function menuItemTags(item: AdminMenuItem): string[] {
  return [item.isPopular && 'Popular', item.isSecretMenu && 'Secret', item.isSeasonal && 'Seasonal'].filter((t): t is string => !!t);
}

const TAG_COLORS: Record<string, string> = { Popular: 'coffee', Secret: 'grape', Seasonal: 'cyan' };

const columns: Column<AdminMenuItem>[] = [
  {
    key: 'name',
    header: 'Name',
    value: (r) => r.name,
    render: (r) => (
      <div>
        <Text size="sm" fw={600}>
          {r.name}
        </Text>
        <Text size="xs" c="dimmed">
          {r.slug}
        </Text>
      </div>
    ),
  },
  { key: 'category', header: 'Category', value: (r) => categoryName(r.category) },
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
  { key: 'updatedAt', header: 'Updated', value: (r) => r.updatedAt, searchable: false, render: (r) => formatDate(r.updatedAt) },
];

export function MenuItemsManager() {
  const [category, setCategory] = useState<string | null>(null);
  return (
    <CrudManager
      title="Menu Items"
      noun="menu item"
      resource={menuItemsResource}
      rowId={(r) => r.id}
      itemName={(r) => r.name}
      columns={columns}
      filterRows={(rows) => (category ? rows.filter((r) => r.category === category) : rows)}
      table={{
        searchPlaceholder: 'Name, category or tag',
        initialSort: { key: 'name', direction: 'asc' },
        emptyText: 'No menu items yet: add the first one.',
        filters: (
          <Select label="Category" placeholder="All categories" data={CATEGORY_OPTIONS} value={category} onChange={setCategory} clearable w={220} />
        ),
      }}
      renderForm={(row, close) => <MenuItemForm item={row} onClose={close} />}
    />
  );
}
