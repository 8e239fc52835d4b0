import { randomUUID } from 'node:crypto';
import { CONTACT_HONEYPOT_FIELD, type ContactAccepted, contactMessageInputSchema } from '@coffee-guide/contracts';
import type { ContactJobData } from '@coffee-guide/contracts/internal';
import { parseOrThrow, ValidationFailed } from '@coffee-guide/nest-common';
import {
  BadRequestException,
  Body,
  Controller,
  Headers,
  HttpCode,
  HttpException,
  Post,
  Req,
  Res,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ContactQueueService } from './contact-queue.service';
import { ContactRateLimiter } from './contact-rate-limit.service';
import { contactJobId, IDEMPOTENCY_KEY } from './job-id';

const UNAVAILABLE_MESSAGE =
  'Your message could not be sent right now. Please try again in a moment; your text is still in the form.';

/**
 * POST /api/contact: validated here, rate limited per address, put on the contact queue under a
 * deterministic job id and answered 202 `{ id }`. content's worker stores it and notifies by e-mail.
 * The BFF owns no table: when Redis does not take the job, the answer is 503, never a 202.
 */
@Controller('api')
export class ContactController {
  constructor(
    private readonly queue: ContactQueueService,
    private readonly limiter: ContactRateLimiter,
  ) {}

  @Post('contact')
  @HttpCode(202)
  async submit(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Body() body: unknown,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<ContactAccepted> {
    // A filled honeypot: a bot. It gets a plain refusal, without telling which field gave it away.
    const honeypot =
      body && typeof body === 'object' ? (body as Record<string, unknown>)[CONTACT_HONEYPOT_FIELD] : undefined;
    if (honeypot !== undefined && honeypot !== null && honeypot !== '') {
      throw new BadRequestException({ statusCode: 400, message: 'Invalid submission' });
    }
    const input = parseOrThrow(contactMessageInputSchema, body ?? {});
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
      throw new ValidationFailed({ 'Idempotency-Key': 'must be 1 to 200 printable characters' });
    }

    let decision;
    try {
      decision = await this.limiter.consume(request.ip);
    } catch {
      throw new HttpException({ statusCode: 503, message: UNAVAILABLE_MESSAGE }, 503);
    }
    if (!decision.allowed) {
      const minutes = Math.ceil(decision.retryAfterSeconds / 60);
      reply.header('retry-after', String(decision.retryAfterSeconds));
      throw new HttpException(
        {
          statusCode: 429,
          message: `Too many messages from your address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        },
        429,
      );
    }

    const jobId = contactJobId(input, idempotencyKey ?? randomUUID());
    const data: ContactJobData = { ...input, submittedAt: new Date().toISOString() };
    try {
      await this.queue.enqueue(data, jobId);
    } catch {
      throw new HttpException({ statusCode: 503, message: UNAVAILABLE_MESSAGE }, 503);
    }
    return { id: jobId };
  }
}
