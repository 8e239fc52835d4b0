import { Button, Group } from '@mantine/core';
import { Link } from 'react-router-dom';

/** A category's three pages, in this order: what is in its drinks, their prices, their nutrition. */
const VIEWS = [
  { view: 'menu', path: 'menu' },
  { view: 'prices', path: 'prices' },
  { view: 'nutrition', path: 'calories' },
] as const;

export type CategoryView = (typeof VIEWS)[number]['view'];

/** Links from one of a category's pages to its other two (`/menu/x`, `/prices/x`, `/calories/x`). */
export function CategoryViewLinks({ slug, name, current }: { slug: string; name: string; current: CategoryView }) {
  return (
    <Group gap="sm">
      {VIEWS.filter((v) => v.view !== current).map((v) => (
        <Button key={v.view} component={Link} to={`/${v.path}/${slug}`} variant="light" size="sm">
          {name} {v.view}
        </Button>
      ))}
    </Group>
  );
}
