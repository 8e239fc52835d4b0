import { Module } from '@nestjs/common';
import { SiteSettingsModule } from '../site-settings/site-settings.module';
import { ContactQueue } from './contact-queue';
import { ContactProcessor } from './contact.processor';
import { ContactWorker } from './contact.worker';
import { JobsAdminController } from './jobs.admin.controller';
import { Mailer } from './mailer';
import { MessagesAdminController } from './messages.admin.controller';
import { MessagesService } from './messages.service';

@Module({
  imports: [SiteSettingsModule],
  controllers: [MessagesAdminController, JobsAdminController],
  providers: [ContactQueue, ContactProcessor, ContactWorker, Mailer, MessagesService],
  exports: [ContactWorker, ContactProcessor, ContactQueue],
})
export class ContactModule {}
