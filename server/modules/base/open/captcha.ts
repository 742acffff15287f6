import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Host } from '../../../core/host.js';
import { formatDateTime, nowText } from '../../../core/db/time.js';
import type { Row } from '../../../core/db/row.js';
import { appError, E } from '../../../core/errors.js';
import { limitsOf, WindowCounter } from '../../../core/limits.js';
import { getOrSet } from '../../../core/get-or-set.js';

const TABLE = 'base_sys_captcha';
const TTL_MS = 30 * 60_000;

const clampInt = (v: unknown, min: number, max: number, fallback: number) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
};

/** Captchas asked for per IP, per host (in memory: a process counts its own callers). */
const perIp = new WeakMap<Host, WindowCounter>();

/**
 * Makes a 4-digit SVG captcha and stores its answer (one use, 30 minutes). Anonymous callers cannot fill the table:
 * one IP gets a limited number per minute (then 429), and past a cap of live captchas the oldest are dropped.
 */
export async function createCaptcha(host: Host, query: Row, ip: string): Promise<{ captchaId: string; data: string }> {
  const limits = limitsOf(host.config.limits);
  const counter = getOrSet(perIp, host, () => new WindowCounter(limits.captchaWindowMs));
  if (counter.hit(ip) > limits.captchaPerIp) throw appError(E.CAPTCHA_TOO_MANY);
  const width = clampInt(query.width, 60, 600, 150);
  const height = clampInt(query.height, 20, 300, 50);
  const color = typeof query.color === 'string' && /^#[0-9a-fA-F]{3,8}$/.test(query.color) ? query.color : '#fff';
  const made = svgCaptcha.create({
    size: 4,
    charPreset: '0123456789',
    noise: 2,
    color: false,
    width,
    height,
    fontSize: Math.round(height * 1.1),
  });
  const captchaId = randomUUID();
  const now = nowText();
  const db = host.database.db;
  await db.deleteFrom(TABLE).where('expireTime', '<', now).execute();
  const row = {
    captchaId,
    answer: made.text.toLowerCase(),
    expireTime: formatDateTime(new Date(Date.now() + TTL_MS)),
    createTime: now,
    updateTime: now,
  };
  const id =
    host.database.dialect === 'mysql'
      ? Number((await db.insertInto(TABLE).values(row).executeTakeFirstOrThrow()).insertId)
      : Number((await db.insertInto(TABLE).values(row).returning('id').executeTakeFirstOrThrow()).id);
  // Ids grow with every captcha: all but the newest captchaMaxLive are dropped.
  await db
    .deleteFrom(TABLE)
    .where('id', '<=', id - limits.captchaMaxLive)
    .execute();
  let svg = made.data.replace(/"/g, "'").replace(/#[1-9]{3}\b/g, color);
  if (query.type === 'base64') svg = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  return { captchaId, data: svg };
}

/** True when the answer matches; the captcha is consumed whatever the answer. */
export async function consumeCaptcha(host: Host, captchaId: unknown, answer: unknown): Promise<boolean> {
  if (typeof captchaId !== 'string' || typeof answer !== 'string' || captchaId.length > 64) return false;
  const db = host.database.db;
  const row = await db
    .selectFrom(TABLE)
    .select(['answer', 'expireTime'])
    .where('captchaId', '=', captchaId)
    .executeTakeFirst();
  if (!row) return false;
  await db.deleteFrom(TABLE).where('captchaId', '=', captchaId).execute();
  return String(row.expireTime) >= nowText() && String(row.answer) === answer.trim().toLowerCase();
}
