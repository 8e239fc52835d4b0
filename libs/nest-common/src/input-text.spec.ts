import 'reflect-metadata';
import { Body, Controller, Get, Module, Post, Query } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from './bootstrap';
import { brokenTextPath } from './input-text';

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
    expect(brokenTextPath({ name: '🧋 e\u0301 \ufeff \u202e İ', n: 1, list: [null, true, { x: '\ud83d\ude00' }] })).toBeUndefined();
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
    const res = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, message: expect.stringContaining(field), errors: { [field]: expect.stringMatching(/NUL/) } });
  });

  it('answers 400 for a JSON body that is null, which a pipe would read as an empty object', async () => {
    const res = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload: 'null' });
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
    expect(res.json()).toEqual({ statusCode: 400, message: expect.stringContaining(field), errors: { [field]: expect.stringMatching(/bidirectional/) } });
  });

  it('lets a password hold any character (never shown; a stored one must keep working)', async () => {
    const body = { email: 'a@b.example', password: 'x\u202ey' };
    expect((await app.inject({ method: 'POST', url: '/echo', payload: body })).json()).toEqual({ body });
  });

  it('passes valid text through untouched: emoji, combining marks, BOM, RTL text and marks', async () => {
    const body = { name: '🧋 e\u0301 \ufeff İ \u05e9\u05dc\u05d5\u05dd \u200f \u061c', tags: ['☕'] };
    const res = await app.inject({ method: 'POST', url: '/echo', payload: body });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ body });
    expect((await app.inject({ method: 'GET', url: `/echo?q=${encodeURIComponent('😀')}` })).json()).toEqual({ q: '😀' });
  });
});
