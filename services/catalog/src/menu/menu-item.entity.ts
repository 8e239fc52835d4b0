import type { PublishStatus } from '@coffee-guide/contracts';
import { Column, CreateDateColumn, Entity, Index, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { NutritionEntity } from './nutrition.entity';
import { PriceEntity } from './price.entity';

@Entity('menu_items')
export class MenuItemEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index({ unique: true })
  @Column({ type: 'varchar', length: 120 })
  slug!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ type: 'text' })
  description!: string;

  @Column({ type: 'varchar', length: 40 })
  category!: string;

  @Column({ type: 'varchar', length: 120, nullable: true })
  subcategory!: string | null;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  variants!: string[];

  @Column({ name: 'main_variant', type: 'varchar', length: 20, nullable: true })
  mainVariant!: string | null;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  flavors!: string[];

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  ingredients!: string[];

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  allergens!: string[];

  @Column({ name: 'dietary_options', type: 'text', array: true, default: () => "'{}'" })
  dietaryOptions!: string[];

  @Column({ name: 'image_url', type: 'varchar', length: 500, nullable: true })
  imageUrl!: string | null;

  @Column({ name: 'is_popular', default: false })
  isPopular!: boolean;

  @Column({ name: 'is_featured', default: false })
  isFeatured!: boolean;

  @Column({ name: 'is_secret_menu', default: false })
  isSecretMenu!: boolean;

  @Column({ name: 'is_seasonal', default: false })
  isSeasonal!: boolean;

  /** Name, description, flavours and category as one text, for full-text and trigram search. */
  @Column({ name: 'search_text', type: 'text', default: '' })
  searchText!: string;

  /** Where the drink's prices and nutrition come from (docs/data/figures.md). */
  @Column({ type: 'varchar', length: 300, default: '' })
  source!: string;

  /** The date its prices and nutrition are as of (ISO date), null when unknown. */
  @Column({ name: 'as_of', type: 'date', nullable: true })
  asOf!: string | null;

  /** True when the prices and nutrition are this guide's estimate, not the chain's published figures. */
  @Column({ default: true })
  estimated!: boolean;

  /** `draft` or `published` (docs/web.md, "Drafts and previews"): a draft is in no public answer or search. */
  @Column({ type: 'varchar', length: 10, default: 'published' })
  status!: PublishStatus;

  @Column({ name: 'sort_order', type: 'int', default: 0 })
  sortOrder!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @OneToMany(() => PriceEntity, (price) => price.menuItem)
  prices?: PriceEntity[];

  @OneToMany(() => NutritionEntity, (row) => row.menuItem)
  nutrition?: NutritionEntity[];
}
