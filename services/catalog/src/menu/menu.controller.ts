import { parseFinderQuery, parseMenuQuery, usesMenuTools } from '@coffee-guide/domain';
import { ValidationFailed, ZodPipe } from '@coffee-guide/nest-common';
import { Controller, Get, Param, Query } from '@nestjs/common';
import { z } from 'zod';
import { MenuService } from './menu.service';

const categoryQuery = z.object({ category: z.string().max(100).optional() });
const searchQuery = z.object({ q: z.string().max(200).optional().default('') });
/** The changes of a customised drink: short text values, a few dozen at most (the library reads them). */
const customiseQuery = z
  .record(z.string().max(40), z.string().max(40, 'too long'))
  .refine((q) => Object.keys(q).length <= 30, { message: 'too many changes' });
const slugParam = z.string().regex(/^[a-z0-9-]{1,120}$/, 'must be a drink slug');

@Controller()
export class MenuController {
  constructor(private readonly menu: MenuService) {}

  @Get('menu')
  list(@Query() params: Record<string, string>) {
    const parsed = parseMenuQuery(params ?? {});
    if (!parsed.ok) throw new ValidationFailed(parsed.errors);
    if (!usesMenuTools(parsed.value)) return this.menu.list(this.menu.resolveCategory(parsed.value.category));
    return this.menu.query(parsed.value);
  }

  @Get('menu/finder')
  finder(@Query() params: Record<string, string>) {
    const parsed = parseFinderQuery(params ?? {});
    if (!parsed.ok) throw new ValidationFailed(parsed.errors);
    return this.menu.finder(parsed.value);
  }

  @Get('menu/categories')
  categories() {
    return this.menu.categories();
  }

  @Get('menu/popular')
  popular() {
    return this.menu.popular();
  }

  @Get('menu/search')
  search(@Query(new ZodPipe(searchQuery)) query: z.infer<typeof searchQuery>) {
    return this.menu.search(query.q);
  }

  @Get('menu/figures')
  figures() {
    return this.menu.figures();
  }

  @Get('menu/suggest')
  suggest(@Query(new ZodPipe(searchQuery)) query: z.infer<typeof searchQuery>) {
    return this.menu.suggest(query.q);
  }

  @Get('menu/items/:slug')
  detail(@Param('slug', new ZodPipe(slugParam)) slug: string) {
    return this.menu.detail(slug);
  }

  @Get('menu/foods')
  foods() {
    return this.menu.foods();
  }

  @Get('menu/items/:slug/customised')
  customised(
    @Param('slug', new ZodPipe(slugParam)) slug: string,
    @Query(new ZodPipe(customiseQuery)) query: z.infer<typeof customiseQuery>,
  ) {
    return this.menu.customised(slug, query);
  }

  @Get('prices')
  prices(@Query(new ZodPipe(categoryQuery)) query: z.infer<typeof categoryQuery>) {
    return this.menu.prices(this.menu.resolveCategory(query.category));
  }

  @Get('nutrition')
  nutrition(@Query(new ZodPipe(categoryQuery)) query: z.infer<typeof categoryQuery>) {
    return this.menu.nutrition(this.menu.resolveCategory(query.category));
  }
}
