import { anyValue, arrayOf, int, mapOf, named, nullable, obj, recordOf, str } from '../../core/http/route-schema.js';
import type { RouteSchema } from '../../core/http/route-types.js';

/** What login and refreshToken return: the tokens and their lifetimes in seconds (PROTOCOL §4.1). */
const tokens = named('Tokens', obj({ token: str, expire: int, refreshToken: str, refreshExpire: int }));

/** The body and reply of every route of base/open, base/comm and the preferences (route-schema.ts). */
export const BASE_ROUTES = {
  captcha: {
    query: obj({ 'width?': int, 'height?': int, 'color?': str, 'type?': { enum: ['svg', 'base64'] } }),
    reply: named('Captcha', obj({ captchaId: str, data: str })),
  },
  login: {
    body: named('LoginBody', obj({ username: str, password: str, 'captchaId?': str, 'verifyCode?': str })),
    reply: tokens,
  },
  refreshGet: { query: obj({ refreshToken: str }), reply: tokens },
  refreshPost: { body: obj({ 'refreshToken?': str }), reply: tokens },
  eps: {
    // eps-types.ts types the entries in full; the document names the shape.
    reply: named('Eps', mapOf(arrayOf(obj({ module: str, prefix: str, api: arrayOf(mapOf(anyValue)) })))),
  },
  openapi: { raw: 'application/json', reply: { type: 'object' } },
  html: { query: obj({ key: str }), raw: 'text/html', reply: str },
  person: { reply: recordOf('base/sys/user') },
  personUpdate: {
    body: named(
      'PersonUpdate',
      obj({
        'name?': str,
        'nickName?': nullable(str),
        'headImg?': nullable(str),
        'phone?': nullable(str),
        'email?': nullable(str),
        'password?': str,
        /** Required with a new password. */
        'oldPassword?': str,
      }),
    ),
  },
  permmenu: {
    reply: named('PermMenu', obj({ perms: arrayOf(str), menus: arrayOf(recordOf('base/sys/menu')) })),
  },
  logout: { body: obj({}) },
  program: { reply: str },
  uploadMode: {
    reply: named(
      'UploadMode',
      obj({
        mode: str,
        type: str,
        maxSize: int,
        maxFiles: int,
        kinds: mapOf(arrayOf(str)),
        maxPixels: int,
        dailyBytes: int,
      }),
    ),
  },
  upload: {
    multipart: true,
    body: obj({ file: { type: 'string', contentMediaType: 'application/octet-stream' } }),
    // One file: its URL; several: their URLs in order.
    reply: { anyOf: [str, arrayOf(str)] },
  },
  progress: {
    query: obj({ id: str }),
    reply: nullable(obj({ phase: { enum: ['check', 'write', 'done'] }, done: int, total: int })),
  },
  prefGet: { query: obj({ key: str }), reply: anyValue },
  prefPost: { body: obj({ key: str, value: anyValue }) },
  plugins: {
    reply: arrayOf(named('BuiltinPlugin', obj({ keyName: str, name: str, status: int, config: anyValue }))),
  },
} satisfies Record<string, RouteSchema>;
