import {
  type Admin,
  type AdminLocation,
  type AdminMenuItem,
  type AdminNutritionRow,
  type AdminPriceRow,
  type AuditEntry,
  type BlogPost,
  type ContactMessage,
  type FailedJob,
  type PageContentSection,
  type SeoRecord,
  type SiteSetting,
} from '@coffee-guide/contracts';
import { slugify } from '@coffee-guide/domain';
import { makeLocation as makeStand } from '@/features/locations/testing/fixtures';

export const ADMIN: Admin = {
  id: '6f1c1d1e-0000-4000-8000-000000000001',
  email: 'admin@coffee-guide.test',
  name: 'Ada Admin',
  role: 'owner',
};
export const ADMIN_PASSWORD = 'correct horse battery staple';

const STAMP = '2025-07-01T12:00:00.000Z';

export function makeMenuItem(overrides: Partial<AdminMenuItem> & Pick<AdminMenuItem, 'id' | 'name'>): AdminMenuItem {
  const slug = overrides.slug ?? slugify(overrides.name);
  return {
    slug,
    description: `${overrides.name}, made to order.`,
    category: 'coffee-classics',
    subcategory: null,
    imageUrl: null,
    isPopular: false,
    isFeatured: false,
    isSecretMenu: false,
    isSeasonal: false,
    ingredients: [],
    allergens: [],
    dietaryOptions: [],
    flavors: [],
    variants: ['iced'],
    mainVariant: 'iced',
    source: "This guide's price and nutrition model",
    asOf: '2025-05-28',
    estimated: true,
    sortOrder: overrides.id,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...overrides,
  };
}

export function menuItemsFixture(): AdminMenuItem[] {
  return [
    makeMenuItem({ id: 1, name: 'Americano', isPopular: true, ingredients: ['Espresso', 'Water'] }),
    makeMenuItem({ id: 2, name: 'Golden Eagle Breve', category: 'faves', isPopular: true, isSeasonal: true }),
    makeMenuItem({ id: 3, name: 'Caramelizer', isSecretMenu: true }),
  ];
}

const ref = (item: AdminMenuItem) => ({
  name: item.name,
  description: item.description,
  category: item.category === 'faves' ? 'Dutch Bros Faves' : 'Coffee Classics',
  categorySlug: item.category,
  slug: item.slug,
});

export function priceRow(
  id: number,
  item: AdminMenuItem,
  size: 'small' | 'medium' | 'large',
  price: string,
): AdminPriceRow {
  return { id, menuItemId: item.id, menuItem: ref(item), size, price, menuItemName: item.name };
}

export function nutritionRow(
  id: number,
  item: AdminMenuItem,
  size: 'small' | 'medium' | 'large',
  calories: number,
): AdminNutritionRow {
  return {
    id,
    menuItemId: item.id,
    menuItem: { ...ref(item), allergens: item.allergens, dietaryOptions: item.dietaryOptions },
    size,
    calories,
    fat: 1.5,
    saturatedFat: 0.5,
    cholesterol: 5,
    sodium: 20,
    carbohydrates: 10,
    fiber: 0,
    sugars: 8,
    protein: 1,
    caffeine: 150,
    menuItemName: item.name,
  };
}

/** A stand of the public fixtures (Grants Pass, the usual hours), as the admin API answers it. */
export function makeLocation(overrides: Partial<AdminLocation> & Pick<AdminLocation, 'id' | 'name'>): AdminLocation {
  return {
    ...makeStand({
      city: 'Grants Pass',
      state: 'OR',
      street: 'Main St',
      address: '100 Main St',
      amenities: ['Drive-thru'],
      storeNumber: null,
    }),
    slug: slugify(overrides.name),
    code: `OR-${overrides.id}`,
    notes: [],
    ...overrides,
  };
}

export function locationsFixture(): AdminLocation[] {
  return [
    makeLocation({ id: 11, name: 'Grants Pass – SW 6th St' }),
    makeLocation({
      id: 12,
      name: 'Medford – Crater Lake Hwy',
      city: 'Medford',
      citySlug: 'medford',
      zipCode: '97504',
      isOpen: false,
      openNow: false,
      statusText: 'Temporarily closed',
    }),
  ];
}

export function blogFixture(): BlogPost[] {
  return [
    {
      id: 21,
      slug: 'secret-menu-guide',
      title: 'Secret Menu Guide',
      excerpt: 'Every fan favourite off the board.',
      content: 'First paragraph.\n\nSecond paragraph.',
      category: 'secret-menu',
      tags: ['secret', 'guide', 'fan-favourites', 'rebel'],
      imageUrl: null,
      publishedAt: '2025-06-01T15:00:00.000Z',
    },
  ];
}

export function seoFixture(): SeoRecord[] {
  return [
    {
      id: 31,
      pageSlug: 'home',
      title: '{brand} Menu, Prices & Nutrition',
      description: 'Unofficial fan guide to the {brand} menu.',
      keywords: 'menu, prices',
      canonicalUrl: '/',
      ogTitle: null,
      ogDescription: null,
      ogImage: '/og-default.png',
      robotsDirective: 'index,follow',
      schemaMarkup: { '@context': 'https://schema.org', '@type': 'WebSite', name: 'Coffee Guide' },
      isActive: true,
    },
    {
      id: 32,
      pageSlug: 'faq',
      title: 'FAQ',
      description: 'Questions and answers.',
      keywords: '',
      canonicalUrl: null,
      ogTitle: null,
      ogDescription: null,
      ogImage: null,
      robotsDirective: 'index,follow',
      schemaMarkup: null,
      isActive: false,
    },
  ];
}

export function pageContentFixture(): PageContentSection[] {
  return [
    {
      id: 41,
      pageSlug: 'about',
      sectionKey: 'hero.title',
      content: 'About this guide',
      contentType: 'text',
      isActive: true,
    },
    {
      id: 42,
      pageSlug: 'faq',
      sectionKey: 'intro',
      content: 'Answers to common questions.',
      contentType: 'markdown',
      isActive: false,
    },
  ];
}

export function siteSettingsFixture(): SiteSetting[] {
  return [
    {
      id: 51,
      key: 'brandName',
      value: 'Dutch Bros',
      description: 'The chain this guide is about.',
      category: 'general',
    },
    {
      id: 52,
      key: 'contactEmail',
      value: 'hello@coffee-guide.example',
      description: 'Where messages go.',
      category: 'contact',
    },
  ];
}

export function messagesFixture(): ContactMessage[] {
  return [
    {
      id: '0b5c7f0e-1111-4000-8000-000000000001',
      jobId: 'contact-1',
      name: 'Jamie',
      email: 'jamie@example.com',
      subject: 'Menu & Nutrition',
      message: 'How much caffeine is in a large Rebel?',
      submittedAt: '2025-07-02T09:00:00.000Z',
      handled: false,
      notifiedAt: null,
    },
    {
      id: '0b5c7f0e-1111-4000-8000-000000000002',
      jobId: 'contact-2',
      name: 'Sam',
      email: 'sam@example.com',
      subject: 'Feedback & Suggestions',
      message: 'Love the site.',
      submittedAt: '2025-07-01T09:00:00.000Z',
      handled: true,
      notifiedAt: '2025-07-01T09:00:05.000Z',
    },
  ];
}

export function failedJobsFixture(): FailedJob[] {
  return [
    {
      id: 'contact-3',
      queue: 'contact',
      name: 'contact-message',
      failedReason: 'connect ECONNREFUSED 127.0.0.1:25',
      attemptsMade: 5,
      createdAt: '2025-07-03T08:00:00.000Z',
      failedAt: '2025-07-03T08:10:00.000Z',
      data: {},
    },
  ];
}

export function auditFixture(): AuditEntry[] {
  return [
    {
      id: 'a1',
      service: 'catalog',
      adminId: ADMIN.id,
      at: '2025-07-04T10:00:00.000Z',
      entity: 'price',
      entityId: '7',
      action: 'update',
      before: { menuItemName: 'Americano', size: 'medium', price: '4.10' },
      after: { menuItemName: 'Americano', size: 'medium', price: '4.25' },
    },
    {
      id: 's1',
      service: 'auth',
      adminId: ADMIN.id,
      at: '2025-07-04T09:00:00.000Z',
      entity: 'session',
      entityId: ADMIN.id,
      action: 'sign-in',
      before: null,
      after: null,
    },
  ];
}
