import { nutritionCreateSchema, type AdminNutritionRow } from '@coffee-guide/contracts';
import { Fieldset, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { nutritionResource, useSave } from '../../api/resources';
import { CrudManager } from '../../components/crud-manager';
import type { Column } from '../../components/data-table';
import { EntityFormModal } from '../../forms/entity-form-modal';
import { useEntityForm } from '../../forms/use-entity-form';
import { decimalTextOf, DrinkSizeFilters, numberText, SIZE_OPTIONS, SIZE_ORDER, useDrinkOptions, wholeNumberOf } from '../shared';

export const nutritionRowName = (r: Pick<AdminNutritionRow, 'menuItemName' | 'size'>) => `${r.menuItemName} (${r.size})`;

/** SPEC section 7: the integer facts go as integers, the gram values as text. */
const FACTS = [
  { key: 'calories', label: 'Calories', unit: 'kcal', integer: true },
  { key: 'fat', label: 'Fat', unit: 'g', integer: false },
  { key: 'saturatedFat', label: 'Saturated fat', unit: 'g', integer: false },
  { key: 'cholesterol', label: 'Cholesterol', unit: 'mg', integer: true },
  { key: 'sodium', label: 'Sodium', unit: 'mg', integer: true },
  { key: 'carbohydrates', label: 'Carbohydrates', unit: 'g', integer: false },
  { key: 'fiber', label: 'Fiber', unit: 'g', integer: false },
  { key: 'sugars', label: 'Sugars', unit: 'g', integer: false },
  { key: 'protein', label: 'Protein', unit: 'g', integer: false },
  { key: 'caffeine', label: 'Caffeine', unit: 'mg', integer: true },
] as const;

type FactKey = (typeof FACTS)[number]['key'];
type NutritionValues = { menuItemId: string | null; size: string | null } & Record<FactKey, string>;

const columns: Column<AdminNutritionRow>[] = [
  { key: 'drink', header: 'Drink', value: (r) => r.menuItemName },
  { key: 'size', header: 'Size', value: (r) => SIZE_ORDER[r.size], searchable: false, render: (r) => r.size },
  { key: 'calories', header: 'Calories', value: (r) => r.calories, searchable: false },
  { key: 'sugars', header: 'Sugars (g)', value: (r) => r.sugars, searchable: false },
  { key: 'fat', header: 'Fat (g)', value: (r) => r.fat, searchable: false },
  { key: 'protein', header: 'Protein (g)', value: (r) => r.protein, searchable: false },
  { key: 'caffeine', header: 'Caffeine (mg)', value: (r) => r.caffeine, searchable: false },
];

function NutritionForm({ row, onClose, drinks }: { row: AdminNutritionRow | null; onClose: () => void; drinks: { value: string; label: string }[] }) {
  const save = useSave(nutritionResource);
  const creating = row === null;
  const initial = {
    menuItemId: row ? String(row.menuItemId) : null,
    size: row?.size ?? null,
    ...(Object.fromEntries(FACTS.map((f) => [f.key, numberText(row?.[f.key])])) as Record<FactKey, string>),
  } as NutritionValues;
  const { form, onSubmit, saving, generalError } = useEntityForm({
    initialValues: initial,
    toPayload: (v: NutritionValues) => ({
      menuItemId: v.menuItemId === null ? undefined : wholeNumberOf(v.menuItemId),
      size: v.size ?? undefined,
      ...Object.fromEntries(FACTS.map((f) => [f.key, f.integer ? wholeNumberOf(v[f.key]) : decimalTextOf(v[f.key])])),
    }),
    // SPEC section 5: every fact is required, when editing too
    schema: nutritionCreateSchema,
    save: (payload) => save.mutateAsync({ id: row?.id, payload }),
    success: {
      title: creating ? 'Nutrition created' : 'Nutrition updated',
      message: (v) => `${drinks.find((d) => d.value === v.menuItemId)?.label ?? 'The drink'} (${v.size}): ${v.calories} calories`,
    },
    onSaved: onClose,
  });

  return (
    <EntityFormModal
      title={creating ? 'Add Nutrition Row' : `Edit nutrition: ${nutritionRowName(row)}`}
      mode={creating ? 'create' : 'edit'}
      dirty={form.isDirty()}
      saving={saving}
      generalError={generalError}
      onSubmit={onSubmit}
      onClose={onClose}
      size="xl"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Drink"
          withAsterisk
          data={drinks}
          searchable
          limit={50}
          nothingFoundMessage="No drink by that name"
          {...form.getInputProps('menuItemId')}
        />
        <Select label="Size" withAsterisk data={SIZE_OPTIONS} {...form.getInputProps('size')} />
      </SimpleGrid>
      <Fieldset legend="Nutrition facts (all required)">
        <SimpleGrid cols={{ base: 2, sm: 5 }}>
          {FACTS.map((f) => (
            <TextInput
              key={f.key}
              label={`${f.label} (${f.unit})`}
              withAsterisk
              type="number"
              inputMode={f.integer ? 'numeric' : 'decimal'}
              step={f.integer ? '1' : '0.1'}
              min="0"
              {...form.getInputProps(f.key)}
            />
          ))}
        </SimpleGrid>
      </Fieldset>
    </EntityFormModal>
  );
}

export function NutritionManager() {
  const { options: drinks } = useDrinkOptions();
  const [drink, setDrink] = useState<string | null>(null);
  const [size, setSize] = useState('all');
  return (
    <CrudManager
      title="Nutrition"
      noun="nutrition row"
      resource={nutritionResource}
      rowId={(r) => r.id}
      itemName={nutritionRowName}
      columns={columns}
      filterRows={(rows) => rows.filter((r) => (drink === null || String(r.menuItemId) === drink) && (size === 'all' || r.size === size))}
      table={{
        searchPlaceholder: 'Drink',
        emptyText: 'No nutrition rows yet.',
        filters: <DrinkSizeFilters drinks={drinks} drink={drink} onDrink={setDrink} size={size} onSize={setSize} />,
      }}
      renderForm={(row, close) => <NutritionForm row={row} onClose={close} drinks={drinks} />}
    />
  );
}
