import { PassThrough } from 'node:stream';
import { readCsv } from './csv-file';
import { parse } from 'csv-parse/sync';
function streamed(bytes: Buffer, size = 64 * 1024) {
  const out = new PassThrough();
  let at = 0;
  const push = () => { if (at >= bytes.length) return void out.end(); out.write(bytes.subarray(at, at + size)); at += size; setImmediate(push); };
  setImmediate(push);
  return out;
}
(async () => {
const line = `${'lorem ipsum dolor sit amet '.repeat(18)},"quoted, with a ""quote"" and\na newline",42\n`;
const csv = Buffer.from(`title,content,n\n${line.repeat(19000)}`);
let t = performance.now();
parse(csv, { bom: true, relax_column_count: true });
console.log('sync parse', performance.now() - t);
t = performance.now();
await readCsv(streamed(csv));
console.log('stream', performance.now() - t);
t = performance.now();
const td = new TextDecoder('utf-8', {fatal: true}); for (let i=0;i<csv.length;i+=65536) td.decode(csv.subarray(i,i+65536), {stream:true});
console.log('decode', performance.now() - t);
t = performance.now();
const big = Buffer.alloc(10*1024*1024 + 2*1024*1024, 'a');
await readCsv(streamed(big)).catch(e => console.log(e.message));
console.log('413', performance.now() - t);
})();
