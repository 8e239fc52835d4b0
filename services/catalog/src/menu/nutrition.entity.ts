import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';
import { MenuItemEntity } from './menu-item.entity';

const grams = { type: 'numeric', precision: 6, scale: 1 } as const;

@Entity('nutrition')
@Unique('uq_nutrition_item_size', ['menuItemId', 'size'])
export class NutritionEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'menu_item_id', type: 'int' })
  menuItemId!: number;

  @ManyToOne(() => MenuItemEntity, (item) => item.nutrition, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'menu_item_id' })
  menuItem?: MenuItemEntity;

  @Column({ type: 'varchar', length: 10 })
  size!: string;

  @Column({ type: 'int' })
  calories!: number;

  @Column(grams)
  fat!: string;

  @Column({ name: 'saturated_fat', ...grams })
  saturatedFat!: string;

  @Column({ type: 'int' })
  cholesterol!: number;

  @Column({ type: 'int' })
  sodium!: number;

  @Column(grams)
  carbohydrates!: string;

  @Column(grams)
  fiber!: string;

  @Column(grams)
  sugars!: string;

  @Column(grams)
  protein!: string;

  @Column({ type: 'int' })
  caffeine!: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
