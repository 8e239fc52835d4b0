// The SMTP sink of @coffee-guide/nest-common/testing as a process of its own, so the fault checks can
// kill it like a real mailer. Every mail it accepts is appended to a JSON-lines file before it answers 250,
// so the record survives the process.
//   node smtp-sink-process.mjs <port> <file>
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const { SmtpSink } = createRequire(path.join(ROOT, 'package.json'))(
  path.join(ROOT, 'libs/nest-common/dist/testing/index.js'),
);

const [port, file] = process.argv.slice(2);
const sink = new SmtpSink();
const push = sink.mails.push.bind(sink.mails);
sink.mails.push = (...mails) => {
  for (const mail of mails) appendFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), ...mail })}\n`);
  return push(...mails);
};
await sink.start(Number(port));
process.send?.('ready');
