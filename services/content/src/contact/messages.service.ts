import { ADMIN_MESSAGES, ADMIN_ROW_NAMES, type ContactMessage } from '@coffee-guide/contracts';
import { type AuditActor, recordAudit } from '@coffee-guide/nest-common';
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

  async setHandled(actor: AuditActor, id: string, handled: boolean): Promise<ContactMessage> {
    return this.db.transaction(async (m) => {
      const row = await m.findOne(ContactMessageEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new NotFoundException(ADMIN_MESSAGES.notFound(ADMIN_ROW_NAMES.messages, id));
      const before = auditView(row);
      row.handled = handled;
      const saved = await m.save(ContactMessageEntity, row);
      await recordAudit(m, actor, {
        entity: 'contact-message',
        entityId: id,
        action: 'update',
        before,
        after: auditView(saved),
      });
      return toContactMessage(saved);
    });
  }

  /**
   * Deletes a message for good (the privacy policy's promise): its row, its notification record (by the
   * foreign key's cascade) and, when BullMQ still holds its job (a failed one is kept), that job's copy.
   * The audit row keeps no personal detail of it.
   */
  async remove(actor: AuditActor, id: string): Promise<{ id: string; deleted: true }> {
    const jobId = await this.db.transaction(async (m) => {
      const row = await m.findOne(ContactMessageEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new NotFoundException(ADMIN_MESSAGES.notFound(ADMIN_ROW_NAMES.messages, id));
      await m.delete(ContactMessageEntity, { id });
      await recordAudit(m, actor, {
        entity: 'contact-message',
        entityId: id,
        action: 'delete',
        before: auditView(row),
        after: null,
      });
      return row.jobId;
    });
    try {
      await this.contactQueue.queue.remove(jobId);
    } catch (error) {
      this.logger.warn(`message ${id} deleted; its queue job could not be removed: ${(error as Error).message}`);
    }
    return { id, deleted: true };
  }
}

/** What the audit trail keeps of a message: no name, address or text (a deleted message is gone for good). */
function auditView(row: ContactMessageEntity) {
  return {
    id: row.id,
    jobId: row.jobId,
    subject: row.subject,
    submittedAt: row.submittedAt.toISOString(),
    handled: row.handled,
  };
}
