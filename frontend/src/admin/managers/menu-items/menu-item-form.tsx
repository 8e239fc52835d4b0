import { menuItemCreateSchema, menuItemUpdateSchema, type AdminMenuItem } from '@coffee-guide/contracts';
import { DIETARY_OPTIONS, SIZES, type MenuCategorySlug } from '@coffee-guide/domain';
import { Fieldset, Select, SimpleGrid, Switch, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { menuItemsResource } from '@/admin/api/resources';
import { MediaUrlInput } from '@/admin/components/media-picker';
import {
  PreviewButton,
  PublicationControl,
  statusOf,
  statusPayload,
  type PublishStatus,
} from '@/admin/forms/publication';
import { EntityFormModal } from '@/admin/forms/entity-form-modal';
import { useResourceForm } from '@/admin/forms/use-resource-form';
import type { FieldOf } from '@/admin/forms/validation';
import { CATEGORY_OPTIONS } from '../shared';

type SizeName = (typeof SIZES)[number]['size'];

export type MenuItemValues = {
  name: string;
  description: string;
  category: MenuCategorySlug | '';
  slug: string;
  subcategory: string;
  imageUrl: string;
  isPopular: boolean;
  isFeatured: boolean;
  isSecretMenu: boolean;
  isSeasonal: boolean;
  ingredients: string[];
  allergens: string[];
  dietaryOptions: string[];
  flavors: string[];
  variants: string[];
  mainVariant: string;
  /** Provenance of the prices and nutrition (docs/data/figures.md). */
  source: string;
  asOf: string;
  estimated: boolean;
  /** Draft or published (docs/web.md, "Drafts and previews"). */
  status: PublishStatus;
  /** Create only: a price per size, saved with the drink. */
  prices: Record<SizeName, string>;
};

function initialValues(item: AdminMenuItem | null): MenuItemValues {
  return {
    name: item?.name ?? '',
    description: item?.description ?? '',
    category: item?.category ?? 'coffee-classics',
    slug: item?.slug ?? '',
    subcategory: item?.subcategory ?? '',
    imageUrl: item?.imageUrl ?? '',
    isPopular: item?.isPopular ?? false,
    isFeatured: item?.isFeatured ?? false,
    isSecretMenu: item?.isSecretMenu ?? false,
    isSeasonal: item?.isSeasonal ?? false,
    ingredients: item?.ingredients ?? [],
    allergens: item?.allergens ?? [],
    dietaryOptions: item?.dietaryOptions ?? [],
    flavors: item?.flavors ?? [],
    variants: item?.variants ?? [],
    mainVariant: item?.mainVariant ?? '',
    source: item?.source ?? '',
    asOf: item?.asOf ?? '',
    estimated: item?.estimated ?? true,
    status: statusOf(item),
    prices: { small: '', medium: '', large: '' },
  };
}

function fieldsOf(v: MenuItemValues) {
  return {
    name: v.name,
    description: v.description,
    category: v.category || undefined,
    ...(v.slug.trim() ? { slug: v.slug.trim() } : {}),
    subcategory: v.subcategory,
    imageUrl: v.imageUrl,
    isPopular: v.isPopular,
    isFeatured: v.isFeatured,
    isSecretMenu: v.isSecretMenu,
    isSeasonal: v.isSeasonal,
    ingredients: v.ingredients,
    allergens: v.allergens,
    dietaryOptions: v.dietaryOptions,
    flavors: v.flavors,
    variants: v.variants,
    mainVariant: v.mainVariant,
    source: v.source,
    asOf: v.asOf.trim() === '' ? null : v.asOf.trim(),
    estimated: v.estimated,
  };
}

/** The sizes given a price, in size order: sent with a new drink. */
const sizesOf = (v: MenuItemValues) =>
  SIZES.filter(({ size }) => v.prices[size].trim() !== '').map(({ size }) => ({ size, price: v.prices[size].trim() }));

/** `sizes.1.price` is the price field of the second size sent. */
const fieldOf: FieldOf = (path, payload) => {
  if (path[0] === 'sizes') {
    const sizes = (payload as { sizes?: { size: string }[] }).sizes ?? [];
    const size = typeof path[1] === 'number' ? sizes[path[1]]?.size : undefined;
    return size ? `prices.${size}` : 'prices';
  }
  return path.length ? String(path[0]) : null;
};

const LIST_FIELDS = [
  { key: 'ingredients', label: 'Ingredients' },
  { key: 'allergens', label: 'Allergens' },
  { key: 'flavors', label: 'Flavors' },
  { key: 'variants', label: 'Variants', description: 'e.g. iced, hot, blended' },
] as const;

export function MenuItemForm({ item, onClose }: { item: AdminMenuItem | null; onClose: () => void }) {
  const creating = item === null;
  const { form, modal } = useResourceForm(menuItemsResource, {
    row: item,
    initialValues: initialValues(item),
    toPayload: (v: MenuItemValues) => ({
      ...(creating ? { ...fieldsOf(v), sizes: sizesOf(v) } : fieldsOf(v)),
      ...statusPayload(v.status, item),
    }),
    schema: creating ? menuItemCreateSchema : menuItemUpdateSchema,
    fieldOf,
    noun: 'Menu item',
    savedMessage: (v) => `“${v.name.trim()}” was saved.`,
    onClose,
  });

  return (
    <EntityFormModal title={creating ? 'Add Menu Item' : `Edit ${item.name}`} size="xl" {...modal}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />
        <Select
          label="Category"
          withAsterisk
          data={CATEGORY_OPTIONS}
          allowDeselect={false}
          {...form.getInputProps('category')}
        />
      </SimpleGrid>
      <Textarea label="Description" withAsterisk autosize minRows={3} {...form.getInputProps('description')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label="Slug"
          description={creating ? 'Left empty: made from the name' : 'Part of the drink page address'}
          {...form.getInputProps('slug')}
        />
        <TextInput label="Subcategory" {...form.getInputProps('subcategory')} />
        <MediaUrlInput label="Image URL" placeholder="/images/drinks/..." {...form.getInputProps('imageUrl')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Switch label="Popular" {...form.getInputProps('isPopular', { type: 'checkbox' })} />
        <Switch label="Featured" {...form.getInputProps('isFeatured', { type: 'checkbox' })} />
        <Switch label="Secret menu" {...form.getInputProps('isSecretMenu', { type: 'checkbox' })} />
        <Switch label="Seasonal" {...form.getInputProps('isSeasonal', { type: 'checkbox' })} />
      </SimpleGrid>
      <PublicationControl value={form.values.status} onChange={(status) => form.setFieldValue('status', status)} />
      {item && <PreviewButton resource="menu-items" id={item.id} />}
      <TagsInput
        label="Dietary options"
        description="Pick or type; a comma ends an entry"
        data={[...DIETARY_OPTIONS]}
        splitChars={[',']}
        clearable
        {...form.getInputProps('dietaryOptions')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {LIST_FIELDS.map((f) => (
          <TagsInput
            key={f.key}
            label={f.label}
            description={'description' in f ? f.description : 'A comma ends an entry'}
            splitChars={[',']}
            clearable
            {...form.getInputProps(f.key)}
          />
        ))}
      </SimpleGrid>
      <TextInput
        label="Main variant"
        description="The variant whose prices and nutrition are shown, e.g. iced"
        {...form.getInputProps('mainVariant')}
      />
      <Fieldset legend="Where the prices and nutrition come from">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="Source"
            description="Shown on the drink page, e.g. This guide's price and nutrition model"
            {...form.getInputProps('source')}
          />
          <TextInput
            label="As of"
            type="date"
            description="The date the figures are true for"
            {...form.getInputProps('asOf')}
          />
          <Switch
            mt="lg"
            label="Estimated (not published by the chain)"
            {...form.getInputProps('estimated', { type: 'checkbox' })}
          />
        </SimpleGrid>
      </Fieldset>
      {creating && (
        <Fieldset legend="Prices by size (optional)">
          <Text size="xs" c="dimmed" mb="xs">
            Each size given a price is saved with the drink; edit them later in the Prices tab.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {SIZES.map(({ size, ounces }) => (
              <TextInput
                key={size}
                label={`${size[0].toUpperCase()}${size.slice(1)} price (${ounces} oz)`}
                type="number"
                inputMode="decimal"
                step="0.01"
                min="0"
                leftSection="$"
                {...form.getInputProps(`prices.${size}`)}
              />
            ))}
          </SimpleGrid>
        </Fieldset>
      )}
    </EntityFormModal>
  );
}
