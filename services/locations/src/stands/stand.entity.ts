import type { WeeklyHoursMinutes } from '@coffee-guide/domain';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A stand. Hours are local wall-clock minutes per weekday, read in the stand's own time zone. */
@Entity('stands')
@Index('ix_stands_state', ['state'])
@Index('ix_stands_state_city', ['state', 'citySlug'])
@Index('uq_stands_state_city_slug', ['state', 'citySlug', 'slug'], { unique: true })
export class StandEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  /** The importer's code ("OR0701"); stands added in the admin get "OR-1086". */
  @Index('uq_stands_code', { unique: true })
  @Column({ type: 'varchar', length: 20 })
  code!: string;

  @Column({ name: 'store_number', type: 'varchar', length: 20, nullable: true })
  storeNumber!: string | null;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  /** Unique within its city. */
  @Column({ type: 'varchar', length: 120 })
  slug!: string;

  @Column({ type: 'varchar', length: 300 })
  address!: string;

  @Column({ type: 'varchar', length: 120 })
  city!: string;

  @Column({ name: 'city_slug', type: 'varchar', length: 120 })
  citySlug!: string;

  /** Two-letter code, upper case. */
  @Column({ type: 'char', length: 2 })
  state!: string;

  @Column({ name: 'zip_code', type: 'varchar', length: 5 })
  zipCode!: string;

  @Column({ type: 'double precision' })
  latitude!: number;

  @Column({ type: 'double precision' })
  longitude!: number;

  @Column({ name: 'time_zone', type: 'varchar', length: 64 })
  timeZone!: string;

  @Column({ type: 'jsonb' })
  hours!: WeeklyHoursMinutes;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  amenities!: string[];

  @Column({ name: 'is_open', default: true })
  isOpen!: boolean;

  /** Absent from the source: null, never invented. */
  @Column({ type: 'varchar', length: 40, nullable: true })
  phone!: string | null;

  /** What the importer corrected or could not know about this stand. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  notes!: string[];

  /** Where the stand's facts come from (docs/data/figures.md). */
  @Column({ type: 'varchar', length: 300, default: '' })
  source!: string;

  /** The date its facts are as of (ISO date), null when unknown. */
  @Column({ name: 'as_of', type: 'date', nullable: true })
  asOf!: string | null;

  /** True when a fact of the stand is this guide's estimate rather than the chain's listing. */
  @Column({ default: false })
  estimated!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
