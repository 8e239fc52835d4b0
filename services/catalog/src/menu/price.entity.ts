import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';
import { MenuItemEntity } from './menu-item.entity';

@Entity('prices')
@Unique('uq_prices_item_size', ['menuItemId', 'size'])
export class PriceEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'menu_item_id', type: 'int' })
  menuItemId!: number;

  @ManyToOne(() => MenuItemEntity, (item) => item.prices, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'menu_item_id' })
  menuItem?: MenuItemEntity;

  @Column({ type: 'varchar', length: 10 })
  size!: string;

  /** numeric(6,2): pg hands it over as a string, and it stays one. */
  @Column({ type: 'numeric', precision: 6, scale: 2 })
  price!: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
