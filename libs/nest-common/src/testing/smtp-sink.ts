import * as net from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
  headers: Record<string, string>;
}

/**
 * A tiny in-process SMTP server (node:net) that accepts every mail and keeps it, for tests: EHLO/HELO,
 * MAIL, RCPT, DATA, RSET, NOOP, QUIT. No TLS, no auth. `failNext(n)` answers the next n DATA with 451.
 */
export class SmtpSink {
  readonly mails: ReceivedMail[] = [];
  private server = net.createServer((socket) => this.session(socket));
  private failures = 0;
  port = 0;

  /** Listens on loopback: a free port by default, or the one given (a restarted sink keeps its address). */
  async start(port = 0): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  failNext(count: number): void {
    this.failures = count;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private session(socket: net.Socket): void {
    let buffer = '';
    let inData = false;
    let mail: ReceivedMail = { from: '', to: [], data: '', headers: {} };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink ESMTP ready');
    socket.on('error', () => undefined);
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          mail.data = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          if (this.failures > 0) {
            this.failures--;
            reply('451 4.3.0 try again later');
          } else {
            mail.headers = parseHeaders(mail.data);
            this.mails.push(mail);
            reply(`250 2.0.0 queued as ${this.mails.length}`);
          }
          mail = { from: '', to: [], data: '', headers: {} };
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') {
          socket.write('250-sink\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n');
        } else if (verb === 'HELO') reply('250 sink');
        else if (verb === 'MAIL') {
          mail.from = line.slice(10).trim();
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          mail.to.push(line.slice(8).trim());
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'RSET') {
          mail = { from: '', to: [], data: '', headers: {} };
          reply('250 ok');
        } else if (verb === 'NOOP') reply('250 ok');
        else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
          return;
        } else reply('502 5.5.2 command not implemented');
      }
    });
  }
}

function parseHeaders(data: string): Record<string, string> {
  const head = data.split(/\r\n\r\n/)[0] ?? '';
  const out: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const i = line.indexOf(':');
    if (i > 0) out[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  return out;
}
