import { nutritionCreateSchema, type AdminNutritionRow } from '@coffee-guide/contracts';
import { Fieldset, Select, SimpleGrid, TextInput } from '@mantine/core';
import { nutritionResource } from '@/admin/api/resources';
import { CrudManager } from '@/admin/components/crud-manager';
import type { Column } from '@/admin/components/data-table';
import { EntityFormModal } from '@/admin/forms/entity-form-modal';
import { useResourceForm } from '@/admin/forms/use-resource-form';
import {
  decimalTextOf,
  DrinkSelect,
  drinkSizeLabel,
  drinkSizeName,
  drinkSizePayload,
  drinkSizeValues,
  numberText,
  SIZE_OPTIONS,
  SIZE_ORDER,
  useDrinkSizeFilter,
  wholeNumberOf,
  type DrinkSizeValues,
} from '../shared';

/** docs/decisions.md, "Calls and request conventions": the integer facts go as integers, the gram values as text. */
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
type NutritionValues = DrinkSizeValues & Record<FactKey, string>;

const columns: Column<AdminNutritionRow>[] = [
  { key: 'drink', header: 'Drink', csvColumn: 'menuItemName', value: (r) => r.menuItemName },
  {
    key: 'size',
    header: 'Size',
    csvColumn: 'size',
    value: (r) => SIZE_ORDER[r.size],
    searchable: false,
    render: (r) => r.size,
  },
  { key: 'calories', header: 'Calories', csvColumn: 'calories', value: (r) => r.calories, searchable: false },
  { key: 'sugars', header: 'Sugars (g)', csvColumn: 'sugars', value: (r) => r.sugars, searchable: false },
  { key: 'fat', header: 'Fat (g)', csvColumn: 'fat', value: (r) => r.fat, searchable: false },
  { key: 'protein', header: 'Protein (g)', csvColumn: 'protein', value: (r) => r.protein, searchable: false },
  { key: 'caffeine', header: 'Caffeine (mg)', csvColumn: 'caffeine', value: (r) => r.caffeine, searchable: false },
];

function NutritionForm({
  row,
  onClose,
  drinks,
}: {
  row: AdminNutritionRow | null;
  onClose: () => void;
  drinks: { value: string; label: string }[];
}) {
  const initial = {
    ...drinkSizeValues(row),
    ...(Object.fromEntries(FACTS.map((f) => [f.key, numberText(row?.[f.key])])) as Record<FactKey, string>),
  } as NutritionValues;
  const { form, modal } = useResourceForm(nutritionResource, {
    row,
    initialValues: initial,
    toPayload: (v: NutritionValues) => ({
      ...drinkSizePayload(v),
      ...Object.fromEntries(FACTS.map((f) => [f.key, f.integer ? wholeNumberOf(v[f.key]) : decimalTextOf(v[f.key])])),
    }),
    // docs/decisions.md, "Input rules": every fact is required, when editing too
    schema: nutritionCreateSchema,
    noun: 'Nutrition',
    savedMessage: (v) => `${drinkSizeLabel(drinks, v)}: ${v.calories} calories`,
    onClose,
  });

  return (
    <EntityFormModal title={row ? `Edit nutrition: ${drinkSizeName(row)}` : 'Add Nutrition Row'} size="xl" {...modal}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DrinkSelect withAsterisk data={drinks} {...form.getInputProps('menuItemId')} />
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
  const { drinks, filter } = useDrinkSizeFilter<AdminNutritionRow>();
  return (
    <CrudManager
      title="Nutrition"
      noun="nutrition row"
      resource={nutritionResource}
      csv="nutrition"
      itemName={drinkSizeName}
      columns={columns}
      filter={filter}
      table={{ searchPlaceholder: 'Drink', emptyText: 'No nutrition rows yet.' }}
      renderForm={(row, close) => <NutritionForm row={row} onClose={close} drinks={drinks} />}
    />
  );
}
