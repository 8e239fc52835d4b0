import type { ContactMessage } from '@coffee-guide/contracts';
import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ContactMessageEntity } from './contact-message.entity';
import { ContactQueue } from './contact-queue';
import { toContactMessage } from './contact.mapper';

@Injectable()
export class MessagesService {
  private readonly logger = new Logger('MessagesService');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly contactQueue: ContactQueue,
  ) {}

  private get repo() {
    return this.db.getRepository(ContactMessageEntity);
  }

  async list(): Promise<ContactMessage[]> {
    return (await this.repo.find({ order: { submittedAt: 'DESC', id: 'ASC' } })).map(toContactMessage);
  }

  async setHandled(id: string, handled: boolean): Promise<ContactMessage> {
    const row = await this.repo.findOne({ where: { id } });
    if (!row) throw new NotFoundException(`No message with id ${id}`);
    row.handled = handled;
    return toContactMessage(await this.repo.save(row));
  }

  /**
   * Deletes a message for good (the privacy policy's promise): its row, its notification record (by the
   * foreign key's cascade) and, when BullMQ still holds its job (a failed one is kept), that job's copy.
   */
  async remove(id: string): Promise<void> {
    const rows: { job_id: string }[] = await this.db.query(
      `WITH deleted AS (DELETE FROM contact_messages WHERE id = $1 RETURNING job_id) SELECT job_id FROM deleted`,
      [id],
    );
    if (!rows[0]) throw new NotFoundException(`No message with id ${id}`);
    try {
      await this.contactQueue.queue.remove(rows[0].job_id);
    } catch (error) {
      this.logger.warn(`message ${id} deleted; its queue job could not be removed: ${(error as Error).message}`);
    }
  }
}
