// The yardstick: bare node:http answering fixed bytes with the same headers the BFF sends.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [file, port, contentType, encoding] = process.argv.slice(2);
const body = readFileSync(file);
createServer((req, res) => {
  const headers = { 'content-type': contentType, 'content-length': body.length };
  if (encoding && encoding !== 'identity') headers['content-encoding'] = encoding;
  res.writeHead(200, headers);
  res.end(body);
}).listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
