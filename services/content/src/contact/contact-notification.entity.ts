import { Column, Entity, JoinColumn, OneToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { ContactMessageEntity } from './contact-message.entity';

/** One per message: the record that its notification e-mail went out. Deleted with its message. */
@Entity('contact_notifications')
@Unique('uq_contact_notifications_message', ['messageId'])
export class ContactNotificationEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'message_id', type: 'uuid' })
  messageId!: string;

  @OneToOne(() => ContactMessageEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'message_id' })
  message?: ContactMessageEntity;

  @Column({ name: 'sent_at', type: 'timestamptz' })
  sentAt!: Date;

  /** `smtp` or `log`. */
  @Column({ type: 'varchar', length: 20 })
  transport!: string;

  @Column({ type: 'varchar', length: 254 })
  recipient!: string;

  @Column({ name: 'smtp_message_id', type: 'varchar', length: 300, nullable: true })
  smtpMessageId!: string | null;

  @Column({ name: 'smtp_response', type: 'varchar', length: 500, nullable: true })
  smtpResponse!: string | null;
}
