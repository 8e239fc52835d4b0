import 'reflect-metadata';
import {
  type CanActivate,
  Controller,
  Delete,
  Injectable,
  Module,
  Post,
  Put,
  Req,
  UnauthorizedException,
  UseGuards,
} from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from './bootstrap';
import { jsonDepth, MAX_JSON_DEPTH, type RequestWithBody } from './json-body';

@Injectable()
class TokenGuard implements CanActivate {
  canActivate(context: import('@nestjs/common').ExecutionContext): boolean {
    if (
      context.switchToHttp().getRequest<{ headers: Record<string, string> }>().headers.authorization !== 'Bearer ok'
    ) {
      throw new UnauthorizedException('Sign-in required');
    }
    return true;
  }
}

@Controller('things')
@UseGuards(TokenGuard)
class ThingsController {
  @Put(':id')
  put(@Req() req: RequestWithBody) {
    return { body: req.body ?? null, raw: req.rawBody?.toString('utf8') ?? null };
  }
  @Post()
  post(@Req() req: RequestWithBody) {
    return { body: req.body ?? null };
  }
  @Delete(':id')
  remove(@Req() req: RequestWithBody) {
    return { deleted: true, body: req.body ?? null };
  }
}

@Module({ controllers: [ThingsController], providers: [TokenGuard] })
class ThingsModule {}

const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const deepObject = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;

describe('jsonDepth', () => {
  it('counts objects and arrays, not brackets inside strings', () => {
    expect(jsonDepth('{"a":[1,{"b":"[[[{{{"}]}')).toBe(3);
    expect(jsonDepth('"\\"[["')).toBe(0);
    expect(jsonDepth(deep(5000))).toBe(5000);
    expect(jsonDepth(deep(5000), 40)).toBe(41);
  });
});

describe('the JSON body of every app', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    ({ app } = await createApp(ThingsModule, { service: 'things', logLevel: 'silent' }));
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });
  afterAll(() => app.close());

  const send = (method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: string, token: string | null = 'ok') =>
    app.inject({
      method,
      url,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(payload === undefined ? {} : { payload }),
    });

  it('answers 400, never a 500, for a body nested 5,000 deep (arrays or objects)', async () => {
    for (const payload of [deep(5000), deepObject(5000), deep(MAX_JSON_DEPTH + 1)]) {
      const res = await send('PUT', '/things/1', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ statusCode: 400, message: expect.stringMatching(/nested too deeply/) });
    }
    expect((await send('PUT', '/things/1', deep(MAX_JSON_DEPTH))).statusCode).toBe(200);
  });

  it('keeps the bytes received beside the parsed body', async () => {
    const payload = '{ "name" : "Golden\\u0020Eagle",  "n": 1.50 }';
    const res = await send('PUT', '/things/1', payload);
    expect(res.json()).toEqual({ body: { name: 'Golden Eagle', n: 1.5 }, raw: payload });
  });

  it('takes an empty body with a JSON content type as no body: a DELETE as the spec client sends it is accepted', async () => {
    const res = await send('DELETE', '/things/1', '');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: true, body: null });
    expect((await send('DELETE', '/things/1')).statusCode).toBe(200);
    expect((await send('POST', '/things', '  ')).json()).toEqual({ body: null });
  });

  it('answers 401 without a token before looking at the body: malformed, too deep, empty or null', async () => {
    for (const payload of ['{"a":', deep(5000), '', 'null', '{"__proto__":{"x":1}}']) {
      const res = await send('PUT', '/things/1', payload, null);
      expect([payload.slice(0, 10), res.statusCode]).toEqual([payload.slice(0, 10), 401]);
    }
  });

  it('answers 400 for a body that is not UTF-8, instead of reading the bytes as U+FFFD', async () => {
    const latin1 = Buffer.concat([Buffer.from('{"name":"Caf'), Buffer.from([0xe9]), Buffer.from('"}')]);
    const overlong = Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xc0, 0xaf]), Buffer.from('"}')]);
    const surrogate = Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]);
    for (const payload of [latin1, overlong, surrogate]) {
      const res = await app.inject({
        method: 'POST',
        url: '/things',
        headers: { 'content-type': 'application/json', authorization: 'Bearer ok' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ statusCode: 400, message: expect.stringMatching(/not valid UTF-8/) });
    }
    const utf8 = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json', authorization: 'Bearer ok' },
      payload: Buffer.from('{"name":"Café 🧋"}', 'utf8'),
    });
    expect(utf8.json()).toEqual({ body: { name: 'Café 🧋' } });
  });

  it('answers 400 with a token for malformed JSON and a prototype-poisoning key', async () => {
    expect((await send('PUT', '/things/1', '{"a":')).json().message).toMatch(/not valid JSON/);
    expect((await send('PUT', '/things/1', '{"__proto__":{"x":1}}')).statusCode).toBe(400);
  });
});
