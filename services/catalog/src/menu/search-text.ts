import { MENU_CATEGORIES } from '@coffee-guide/domain';

interface Searchable {
  name: string;
  description: string;
  category: string;
  flavors?: string[];
  subcategory?: string | null;
}

/** What search looks through: name, description, flavours and the category's name. */
export function searchTextOf(item: Searchable): string {
  const category = MENU_CATEGORIES.find((c) => c.slug === item.category)?.name.replace('{brand} ', '') ?? item.category;
  return [item.name, item.description, ...(item.flavors ?? []), item.subcategory ?? '', category]
    .filter(Boolean)
    .join(' ');
}
