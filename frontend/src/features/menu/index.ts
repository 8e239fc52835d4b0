export { MenuCategoryShowcase } from './components/menu-category-showcase';
export { DrinkCard } from './components/drink-card/drink-card';
export { DrinkCardSkeleton } from './components/drink-card/drink-card-skeleton';
export { menuCategoriesQueryOptions, useMenuCategories } from './api/get-menu-categories';
