import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Host } from '../../../core/host.js';
import type { RequestUser } from '../../../core/crud/context.js';
import { getOrSet } from '../../../core/get-or-set.js';
import { chooseEncoding } from '../../../core/http/built-ui.js';
import { compressJson } from '../../../core/http/compress-json.js';
import { ok } from '../../../core/http/envelope.js';
import { buildEps } from './eps.js';

/** One eps reply as sent: the envelope's JSON, and its compressed forms once a caller has asked for them. */
type Kept = { version: string; text: string; br?: Promise<Buffer>; gzip?: Promise<Buffer> };

/**
 * Kept replies per server, by what decides the document: the caller's permission set (the rights cache gives a
 * user the same set until rights change, when it makes a new one), or one slot for every super admin and one for
 * callers without a session.
 */
const kept = new WeakMap<Host, WeakMap<object, Kept>>();
const SUPER = {};
const NOBODY = {};

/**
 * GET /admin/base/open/eps, built once per permission set while the registry, the actions and the routes stay
 * (each counts its changes: an entity made, evolved or removed, a plugin's routes), and compressed once per encoding.
 * Every console load asks for it first, and building, writing and compressing its ~300 KB took ~10 ms of the one
 * server thread per call while the same load waited on it.
 */
export async function sendEps(host: Host, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const user = request.user as RequestUser | undefined;
  const slots = getOrSet(kept, host, () => new WeakMap<object, Kept>());
  const slot = !user ? NOBODY : user.isSuper ? SUPER : user.perms;
  const version = `${host.registry.version}:${host.actions.version}:${host.declared.length}:${host.config.epsPublic}`;
  let entry = slots.get(slot);
  if (entry?.version !== version) {
    entry = { version, text: JSON.stringify(ok(buildEps(host, user))) };
    slots.set(slot, entry);
  }
  reply.type('application/json; charset=utf-8').header('vary', 'Accept-Encoding');
  const coding = chooseEncoding(request.headers['accept-encoding'], { br: true, gzip: true });
  if (!coding) return reply.send(entry.text);
  // Compressed as large JSON replies are (compress-json.ts), once.
  const { text } = entry;
  if (!entry[coding]) entry[coding] = compressJson(text, coding);
  const made = entry[coding] as Promise<Buffer>;
  const body = await made.catch(() => undefined);
  if (!body) {
    // Not kept: the next call tries again; this one goes as it is.
    entry[coding] = undefined;
    return reply.send(text);
  }
  return reply.header('content-encoding', coding).send(body);
}
