import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';

@Entity('site_settings')
@Unique('uq_site_settings_key', ['key'])
export class SiteSettingEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 100 })
  key!: string;

  @Column({ type: 'text' })
  value!: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  description!: string;

  /** general, contact, social, analytics: public; api: never leaves the service's admin side. */
  @Column({ type: 'varchar', length: 20, default: 'general' })
  category!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
