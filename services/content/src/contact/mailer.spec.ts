import { loadEnv } from '../config/env';
import { Mailer, smtpOptions } from './mailer';

describe('Mailer', () => {
  it('writes the mail to the log when SMTP_URL is not set', async () => {
    const mailer = new Mailer(loadEnv({ LOG_LEVEL: 'silent' }));
    expect(mailer.kind).toBe('log');
    const sent = await mailer.send({ to: 'inbox@example.com', subject: 's', text: 't' });
    expect(sent.transport).toBe('log');
    expect(sent.messageId).toBeTruthy();
    mailer.onModuleDestroy();
  });

  it('reads host, port, TLS and credentials from SMTP_URL, with bounded timeouts', () => {
    expect(smtpOptions('smtps://user%40x:p%3Ass@mail.example', 5000)).toMatchObject({
      host: 'mail.example',
      port: 465,
      secure: true,
      auth: { user: 'user@x', pass: 'p:ss' },
      socketTimeout: 5000,
    });
    expect(smtpOptions('smtp://127.0.0.1:2525', 100)).toMatchObject({ port: 2525, secure: false, auth: undefined });
    expect(() => loadEnv({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
  });
});
