import { priceCreateSchema, priceUpdateSchema, type AdminPriceRow } from '@coffee-guide/contracts';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { pricesResource } from '@/admin/api/resources';
import { CrudManager } from '@/admin/components/crud-manager';
import type { Column } from '@/admin/components/data-table';
import { EntityFormModal } from '@/admin/forms/entity-form-modal';
import { useResourceForm } from '@/admin/forms/use-resource-form';
import {
  categoryName,
  DrinkSelect,
  drinkSizeLabel,
  drinkSizeName,
  drinkSizePayload,
  drinkSizeValues,
  SIZE_OPTIONS,
  SIZE_ORDER,
  useDrinkSizeFilter,
  type DrinkSizeValues,
} from '../shared';

const columns: Column<AdminPriceRow>[] = [
  { key: 'drink', header: 'Drink', csvColumn: 'menuItemName', value: (r) => r.menuItemName },
  {
    key: 'category',
    header: 'Category',
    csvColumn: 'category',
    value: (r) => r.menuItem.category || categoryName(r.menuItem.categorySlug),
  },
  {
    key: 'size',
    header: 'Size',
    csvColumn: 'size',
    value: (r) => SIZE_ORDER[r.size],
    searchable: false,
    render: (r) => r.size,
  },
  {
    key: 'price',
    header: 'Price',
    csvColumn: 'price',
    value: (r) => Number(r.price),
    searchable: false,
    render: (r) => `$${r.price}`,
  },
];

type PriceValues = DrinkSizeValues & { price: string };

function PriceForm({
  row,
  onClose,
  drinks,
}: {
  row: AdminPriceRow | null;
  onClose: () => void;
  drinks: { value: string; label: string }[];
}) {
  const { form, modal } = useResourceForm(pricesResource, {
    row,
    initialValues: { ...drinkSizeValues(row), price: row?.price ?? '' } as PriceValues,
    toPayload: (v: PriceValues) => ({ ...drinkSizePayload(v), price: v.price }),
    schema: row ? priceUpdateSchema : priceCreateSchema,
    noun: 'Price',
    savedMessage: (v) => `${drinkSizeLabel(drinks, v)}: $${Number(v.price).toFixed(2)}`,
    onClose,
  });

  return (
    <EntityFormModal title={row ? `Edit price: ${drinkSizeName(row)}` : 'Add Price'} {...modal}>
      <DrinkSelect withAsterisk data={drinks} {...form.getInputProps('menuItemId')} />
      <SimpleGrid cols={2}>
        <Select label="Size" withAsterisk data={SIZE_OPTIONS} {...form.getInputProps('size')} />
        <TextInput
          label="Price"
          withAsterisk
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          leftSection="$"
          {...form.getInputProps('price')}
        />
      </SimpleGrid>
    </EntityFormModal>
  );
}

export function PricesManager() {
  const { drinks, filter } = useDrinkSizeFilter<AdminPriceRow>();
  return (
    <CrudManager
      title="Prices"
      noun="price"
      resource={pricesResource}
      csv="prices"
      itemName={drinkSizeName}
      columns={columns}
      filter={filter}
      table={{ searchPlaceholder: 'Drink or category', emptyText: 'No prices yet.' }}
      renderForm={(row, close) => <PriceForm row={row} onClose={close} drinks={drinks} />}
    />
  );
}
