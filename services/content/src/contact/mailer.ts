import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { CONTENT_ENV, type ContentEnv } from '../config/env';

export interface OutgoingMail {
  to: string;
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  headers?: Record<string, string>;
  /** A stable Message-ID: a retried send repeats it, so mail servers and clients can drop the repeat. */
  messageId?: string;
}

export interface SentMail {
  transport: 'smtp' | 'log';
  messageId: string | null;
  response: string | null;
}

// @types/nodemailer is not installed: the part of nodemailer used here, typed narrowly.
interface NodemailerTransport {
  sendMail(message: Record<string, unknown>): Promise<{ messageId?: string; response?: string; message?: unknown }>;
  close(): void;
}
const nodemailer = require('nodemailer') as { createTransport(options: Record<string, unknown>): NodemailerTransport };

/** SMTP options from SMTP_URL (smtp:// or smtps://, user and password in the URL), with bounded timeouts. */
export function smtpOptions(smtpUrl: string, timeoutMs: number): Record<string, unknown> {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  };
}

/**
 * Sends notification e-mails: through SMTP when SMTP_URL is set, else into the JSON log (development),
 * so the whole pipeline runs without a mail server.
 */
@Injectable()
export class Mailer implements OnModuleDestroy {
  private readonly logger = new Logger('Mailer');
  private readonly transport: NodemailerTransport;
  readonly kind: 'smtp' | 'log';

  constructor(@Inject(CONTENT_ENV) private readonly env: ContentEnv) {
    this.kind = env.SMTP_URL ? 'smtp' : 'log';
    this.transport = nodemailer.createTransport(
      env.SMTP_URL ? smtpOptions(env.SMTP_URL, env.SMTP_TIMEOUT_MS) : { jsonTransport: true },
    );
  }

  async send(mail: OutgoingMail): Promise<SentMail> {
    const info = await this.transport.sendMail({
      from: this.env.CONTACT_MAIL_FROM,
      to: mail.to,
      replyTo: mail.replyTo,
      subject: mail.subject,
      text: mail.text,
      headers: mail.headers,
      ...(mail.messageId ? { messageId: mail.messageId } : {}),
    });
    if (this.kind === 'log')
      this.logger.log(`notification e-mail (log transport, SMTP_URL not set): ${String(info.message)}`);
    return {
      transport: this.kind,
      messageId: info.messageId ? info.messageId.slice(0, 300) : null,
      response: info.response ? String(info.response).slice(0, 500) : null,
    };
  }

  onModuleDestroy(): void {
    this.transport.close();
  }
}
