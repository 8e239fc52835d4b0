/** Money is a decimal string on the wire ('4.25'); it is shown as is, never through a float. */
export function formatPrice(price: string): string {
  return `$${price}`;
}

/** 'Coffee Classics' -> 'coffee-classics' (SPEC section 2: lowercase, hyphenated). */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
