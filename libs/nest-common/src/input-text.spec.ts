import 'reflect-metadata';
import { Body, Controller, Get, Module, Post, Query } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from './bootstrap';
import { PassThrough } from 'node:stream';
import { brokenTextPath, textProblemOf } from './input-text';

@Controller('echo')
class EchoController {
  @Post()
  echo(@Body() body: unknown) {
    return { body };
  }
  @Get()
  search(@Query('q') q: string) {
    return { q };
  }
}

@Module({ controllers: [EchoController] })
class EchoModule {}

describe('brokenTextPath', () => {
  it('finds a NUL or a lone surrogate in keys and values at any depth, and nothing in valid text', () => {
    expect(brokenTextPath({ name: 'a\u0000b' })).toBe('name');
    expect(brokenTextPath({ tags: ['ok', 'x\ud800'] })).toBe('tags.1');
    expect(brokenTextPath({ a: { b: '\udfffz' } })).toBe('a.b');
    expect(brokenTextPath({ ['k\u0000']: 1 })).toBe('k\ufffd');
    expect(brokenTextPath('\ud83d')).toBe('_');
    expect(
      brokenTextPath({ name: '🧋 e\u0301 \ufeff \u202e İ', n: 1, list: [null, true, { x: '\ud83d\ude00' }] }),
    ).toBeUndefined();
  });
});

describe('textProblemOf on a raw body', () => {
  /** A Buffer or a stream whose keys must never be enumerated: one key per byte of a 10 MB body exhausted the heap. */
  const untouchable = <T extends object>(value: T): T =>
    new Proxy(value, {
      ownKeys() {
        throw new Error('enumerated');
      },
    });

  it('never walks a Buffer or a stream key by key (a CSV import is read as text by its own reader)', () => {
    expect(textProblemOf({ body: untouchable(Buffer.from('a,b\n1,2')) })).toBeUndefined();
    expect(textProblemOf({ body: untouchable(new PassThrough()) })).toBeUndefined();
    expect(textProblemOf({ body: { list: [untouchable(new Uint8Array(4))] } })).toBeUndefined();
  });

  it('checks a 10 MB Buffer body at once', () => {
    const body = Buffer.alloc(10 * 1024 * 1024, 'a');
    const start = performance.now();
    expect(textProblemOf({ body })).toBeUndefined();
    const ms = performance.now() - start;
    console.log(`textProblemOf on a 10 MB Buffer: ${ms.toFixed(2)} ms`);
  });

  it("reads a query parser's records (a prototype without Object's) as plain data", () => {
    function Empty() {}
    Empty.prototype = Object.create(null);
    const query = new (Empty as unknown as new () => Record<string, string>)();
    query.q = 'a\u202eb';
    expect(textProblemOf({ query: {}, body: query })).toEqual({
      message: expect.stringContaining('q'),
      errors: { q: expect.stringMatching(/bidirectional/) },
    });
  });
});

describe('every app refuses text Postgres cannot store', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    ({ app } = await createApp(EchoModule, { service: 'echo', logLevel: 'silent' }));
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });
  afterAll(() => app.close());

  it.each([
    ['a NUL in a value', '{"name":"a\\u0000b"}', 'name'],
    ['a lone high surrogate', '{"list":["ok","\\ud800"]}', 'list.1'],
    ['a lone low surrogate in a nested value', '{"a":{"b":"\\udc00"}}', 'a.b'],
    ['a NUL in a key', '{"k\\u0000":1}', 'k\ufffd'],
  ])('answers 400 naming the field for %s', async (_what, payload, field) => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      message: expect.stringContaining(field),
      errors: { [field]: expect.stringMatching(/NUL/) },
    });
  });

  it('answers 400 for a JSON body that is null, which a pipe would read as an empty object', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/must be a JSON object/);
    expect((await app.inject({ method: 'POST', url: '/echo' })).statusCode).toBe(201); // no body at all: the handler decides
  });

  it('answers 400 for a NUL in the query string', async () => {
    const res = await app.inject({ method: 'GET', url: '/echo?q=a%00b' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ q: expect.any(String) });
  });

  it.each([
    ['an RLO override in a value', { title: 'abc\u202edcba' }, 'title'],
    ['an LRE embedding in a list entry', { tags: ['ok', '\u202ax'] }, 'tags.1'],
    ['a PDF in a nested value', { hours: { monday: 'x\u202c' } }, 'hours.monday'],
    ['an LRI isolate', { name: '\u2066n' }, 'name'],
    ['a PDI isolate', { name: 'n\u2069' }, 'name'],
  ])('answers 400 naming the field for %s (bidirectional controls)', async (_what, payload, field) => {
    const res = await app.inject({ method: 'POST', url: '/echo', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      message: expect.stringContaining(field),
      errors: { [field]: expect.stringMatching(/bidirectional/) },
    });
  });

  it('lets a password hold any character (never shown; a stored one must keep working)', async () => {
    const body = { email: 'a@b.example', password: 'x\u202ey' };
    expect((await app.inject({ method: 'POST', url: '/echo', payload: body })).json()).toEqual({ body });
  });

  it('answers 400 naming the field for a byte-order mark inside a text', async () => {
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { content: 'one\ufefftwo' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      message: expect.stringContaining('content'),
      errors: { content: expect.stringMatching(/byte-order mark/) },
    });
  });

  it('passes valid text through untouched: emoji (with joiners), combining marks, RTL text and marks', async () => {
    const body = { name: '🧋 e\u0301 👩\u200d💻 İ \u05e9\u05dc\u05d5\u05dd \u200f \u061c', tags: ['☕'] };
    const res = await app.inject({ method: 'POST', url: '/echo', payload: body });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ body });
    expect((await app.inject({ method: 'GET', url: `/echo?q=${encodeURIComponent('😀')}` })).json()).toEqual({
      q: '😀',
    });
  });
});
