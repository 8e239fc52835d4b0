import { ContactQueueService } from './contact-queue.service';
import { ContactRateLimiter } from './contact-rate-limit.service';

export { ContactController } from './contact.controller';

/** What POST /api/contact needs, registered in the AppModule beside the controller. */
export const CONTACT_PROVIDERS = [ContactQueueService, ContactRateLimiter];
