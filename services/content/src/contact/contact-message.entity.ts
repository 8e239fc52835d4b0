import { Column, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';

@Entity('contact_messages')
@Unique('uq_contact_messages_job_id', ['jobId'])
export class ContactMessageEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** The BullMQ job that carried it: a retried job finds its row instead of making a second one. */
  @Column({ name: 'job_id', type: 'varchar', length: 100 })
  jobId!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 60 })
  subject!: string;

  @Column({ type: 'text' })
  message!: string;

  @Column({ name: 'submitted_at', type: 'timestamptz' })
  submittedAt!: Date;

  @Column({ default: false })
  handled!: boolean;

  @Column({ name: 'notified_at', type: 'timestamptz', nullable: true })
  notifiedAt!: Date | null;

  @Column({ name: 'stored_at', type: 'timestamptz', default: () => 'now()' })
  storedAt!: Date;

  /** A report-an-error message's page and item (`drink:12`), null for other messages. */
  @Column({ type: 'varchar', length: 300, nullable: true })
  page!: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  item!: string | null;
}
