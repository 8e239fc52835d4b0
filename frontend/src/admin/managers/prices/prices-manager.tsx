import { priceCreateSchema, priceUpdateSchema, type AdminPriceRow } from '@coffee-guide/contracts';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { pricesResource, useSave } from '../../api/resources';
import { CrudManager } from '../../components/crud-manager';
import type { Column } from '../../components/data-table';
import { EntityFormModal } from '../../forms/entity-form-modal';
import { useEntityForm } from '../../forms/use-entity-form';
import { categoryName, DrinkSizeFilters, SIZE_OPTIONS, SIZE_ORDER, useDrinkOptions, wholeNumberOf } from '../shared';

export const priceRowName = (r: Pick<AdminPriceRow, 'menuItemName' | 'size'>) => `${r.menuItemName} (${r.size})`;

const columns: Column<AdminPriceRow>[] = [
  { key: 'drink', header: 'Drink', value: (r) => r.menuItemName },
  { key: 'category', header: 'Category', value: (r) => r.menuItem.category || categoryName(r.menuItem.categorySlug) },
  { key: 'size', header: 'Size', value: (r) => SIZE_ORDER[r.size], searchable: false, render: (r) => r.size },
  { key: 'price', header: 'Price', value: (r) => Number(r.price), searchable: false, render: (r) => `$${r.price}` },
];

type PriceValues = { menuItemId: string | null; size: string | null; price: string };

function PriceForm({ row, onClose, drinks }: { row: AdminPriceRow | null; onClose: () => void; drinks: { value: string; label: string }[] }) {
  const save = useSave(pricesResource);
  const creating = row === null;
  const { form, onSubmit, saving, generalError } = useEntityForm({
    initialValues: { menuItemId: row ? String(row.menuItemId) : null, size: row?.size ?? null, price: row?.price ?? '' } as PriceValues,
    toPayload: (v: PriceValues) => ({
      menuItemId: v.menuItemId === null ? undefined : wholeNumberOf(v.menuItemId),
      size: v.size ?? undefined,
      price: v.price,
    }),
    schema: creating ? priceCreateSchema : priceUpdateSchema,
    save: (payload) => save.mutateAsync({ id: row?.id, payload }),
    success: {
      title: creating ? 'Price created' : 'Price updated',
      message: (v) => `${drinks.find((d) => d.value === v.menuItemId)?.label ?? 'The drink'} (${v.size}): $${Number(v.price).toFixed(2)}`,
    },
    onSaved: onClose,
  });

  return (
    <EntityFormModal
      title={creating ? 'Add Price' : `Edit price: ${priceRowName(row)}`}
      mode={creating ? 'create' : 'edit'}
      dirty={form.isDirty()}
      saving={saving}
      generalError={generalError}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Select
        label="Drink"
        withAsterisk
        data={drinks}
        searchable
        limit={50}
        nothingFoundMessage="No drink by that name"
        {...form.getInputProps('menuItemId')}
      />
      <SimpleGrid cols={2}>
        <Select label="Size" withAsterisk data={SIZE_OPTIONS} {...form.getInputProps('size')} />
        <TextInput label="Price" withAsterisk type="number" inputMode="decimal" step="0.01" min="0" leftSection="$" {...form.getInputProps('price')} />
      </SimpleGrid>
    </EntityFormModal>
  );
}

export function PricesManager() {
  const { options: drinks } = useDrinkOptions();
  const [drink, setDrink] = useState<string | null>(null);
  const [size, setSize] = useState('all');
  return (
    <CrudManager
      title="Prices"
      noun="price"
      resource={pricesResource}
      rowId={(r) => r.id}
      itemName={priceRowName}
      columns={columns}
      filterRows={(rows) => rows.filter((r) => (drink === null || String(r.menuItemId) === drink) && (size === 'all' || r.size === size))}
      table={{
        searchPlaceholder: 'Drink or category',
        emptyText: 'No prices yet.',
        filters: <DrinkSizeFilters drinks={drinks} drink={drink} onDrink={setDrink} size={size} onSize={setSize} />,
      }}
      renderForm={(row, close) => <PriceForm row={row} onClose={close} drinks={drinks} />}
    />
  );
}
