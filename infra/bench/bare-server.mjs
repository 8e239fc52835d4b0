// The yardstick: bare node:http answering fixed bytes with the same headers the BFF sends (the headers of
// the BFF's own answer, read once by run.mjs: security headers, ETag, cache-control, content-encoding, a
// request id of the same length), built once, as plain a server as node:http allows.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [file, port, headersFile] = process.argv.slice(2);
const body = readFileSync(file);
const headers = { ...JSON.parse(readFileSync(headersFile, 'utf8')), 'content-length': body.length };
createServer((req, res) => {
  res.writeHead(200, headers);
  res.end(body);
}).listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
