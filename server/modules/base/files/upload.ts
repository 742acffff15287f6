import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Host } from '../../../core/host.js';
import { type AppError, appError, E, fieldError } from '../../../core/errors.js';
import { updateRecorded } from '../../../core/crud/module-writes.js';
import type { OpContext } from '../../../core/crud/context.js';
import type { Row } from '../../../core/db/row.js';
import { addRows } from '../../../core/crud/crud-service.js';
import { untyped } from '../../../core/crud/dynamic-db.js';
import { limitsOf, sizeText } from '../../../core/limits.js';
import { LocalDiskStorage, uploadRoot, type FileStorage } from '../../../core/storage/file-storage.js';
import { S3Storage } from '../../../core/storage/s3-storage.js';
import { allowedKinds, contentFits, kindOfExtension } from '../../../core/storage/file-kinds.js';
import { pictureFacts, type PictureFacts } from '../../../core/storage/thumbnails.js';
import { BoundedPool, headerSize, tooManyPixels } from '../../../core/storage/picture-limits.js';
import { nowText } from '../../../core/db/time.js';
import { BASE_ROUTES as R } from '../base-route-schemas.js';
import { dayFolder, partError, receive, type Received, sanitiseName } from './upload-files.js';
import { journalDirOf, sweepInterrupted, sweepStaleTemp, tempDirOf, UPLOAD_KEY } from './upload-recovery.js';

const COMM = '/admin/base/comm';
const SPACE_INFO = 'space/info';
const SPACE_TYPE_TABLE = 'space_type';

async function classifyIdOf(ctx: OpContext, value: string | undefined): Promise<number | null> {
  if (value === undefined || value.trim() === '') return null;
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw fieldError('classifyId', E.UPLOAD_CLASSIFY_ID);
  const found = await ctx.db.selectFrom(SPACE_TYPE_TABLE).select('id').where('id', '=', id).executeTakeFirst();
  if (!found) throw fieldError('classifyId', E.UPLOAD_NO_FOLDER);
  return id;
}

/** An amount uploaded, rounded: "12 KB", "3.4 MB". */
const mb = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** The refusal of an upload past the user's daily bytes. */
function quotaReached(used: number, adding: number, max: number): AppError {
  const params = { limit: sizeText(max), used: mb(used) };
  return adding ? appError(E.UPLOAD_QUOTA_ADDING, { ...params, adding: mb(adding) }) : appError(E.UPLOAD_QUOTA, params);
}

/** Bytes of files the user has uploaded today (the server's calendar day), from the file space's rows. */
async function uploadedToday(host: Host, ctx: OpContext): Promise<number> {
  const table = host.registry.get(SPACE_INFO)?.table;
  if (!table || !ctx.user) return 0;
  const row = await untyped(ctx.db)
    .selectFrom(table)
    .select((eb) => eb.fn.sum('size').as('bytes'))
    .where('userId', '=', ctx.user.id)
    .where('createTime', '>=', `${nowText().slice(0, 10)} 00:00:00`)
    .executeTakeFirst();
  return Number((row as { bytes?: unknown } | undefined)?.bytes ?? 0);
}

async function upload(
  host: Host,
  storage: FileStorage,
  pictures: BoundedPool,
  ctx: OpContext,
  request: FastifyRequest,
): Promise<string | string[]> {
  if (!request.isMultipart()) throw appError(E.UPLOAD_EMPTY);
  const limits = limitsOf(host.config.limits);
  // Every signed-in user may upload, whatever their role: each gets a daily share of the disk. Checked before the body
  // is read (a user at the limit sends nothing more to disk) and again once the sizes are known.
  const usedToday = await uploadedToday(host, ctx);
  if (usedToday >= limits.uploadBytesPerUserPerDay) throw quotaReached(usedToday, 0, limits.uploadBytesPerUserPerDay);
  const tempDir = tempDirOf(host.config.dataDir);
  await fs.promises.mkdir(tempDir, { recursive: true });
  const received: Received[] = [];
  const keys: string[] = [];
  const stored: string[] = [];
  let classify: string | undefined;
  let committed = false;
  let journal: string | undefined;
  try {
    try {
      const parts = request.parts({
        limits: {
          fileSize: limits.uploadMaxBytes,
          files: limits.uploadMaxFiles,
          fields: 20,
          fieldSize: 4096,
          parts: limits.uploadMaxFiles + 20,
        },
      });
      for await (const part of parts) {
        if (part.type === 'file') {
          const r: Received = {
            temp: path.join(tempDir, randomUUID()),
            filename: part.filename ?? '',
            size: 0,
            head: Buffer.alloc(0),
            truncated: false,
          };
          // Listed before the first byte is written, so the finally below removes it whatever happens.
          received.push(r);
          await receive(part.file, r.temp, limits.uploadMaxBytes, r);
          if (r.truncated) throw appError(E.UPLOAD_FILE_TOO_LARGE, { limit: sizeText(limits.uploadMaxBytes) });
        } else if (part.fieldname === 'key') {
          keys.push(String(part.value));
        } else if (part.fieldname === 'classifyId') {
          classify = String(part.value);
        }
      }
    } catch (e) {
      throw partError(e, limits.uploadMaxFiles, limits.uploadMaxBytes);
    }
    if (received.length === 0 || received.some((r) => r.size === 0)) throw appError(E.UPLOAD_EMPTY);
    const adding = received.reduce((sum, r) => sum + r.size, 0);
    if (usedToday + adding > limits.uploadBytesPerUserPerDay)
      throw quotaReached(usedToday, adding, limits.uploadBytesPerUserPerDay);
    const classifyId = await classifyIdOf(ctx, classify);
    const day = dayFolder();
    const plans = received.map((r, i) => {
      const name = sanitiseName(keys[i] ?? r.filename);
      const kind = kindOfExtension(name.ext);
      if (!kind)
        throw name.ext ? appError(E.UPLOAD_TYPE_REFUSED, { ext: `.${name.ext}` }) : appError(E.UPLOAD_NO_EXTENSION);
      if (!contentFits(name.ext, r.head))
        throw appError(E.UPLOAD_CONTENT_MISMATCH, { name: name.display, ext: name.ext });
      const key = `${day}/${randomUUID().replaceAll('-', '')}_${name.stem}.${name.ext}`;
      return { r, name, kind, key, url: storage.url(key) };
    });
    // A picture's size is read from its header before anything is decoded: one over the pixel limit is refused unread.
    for (const p of plans) {
      const size = p.kind === 'image' ? await headerSize(p.r.temp, p.name.ext) : undefined;
      if (size && size.width * size.height > limits.pictureMaxPixels)
        throw tooManyPixels(p.name.display, size, limits.pictureMaxPixels);
    }
    // Pictures are decoded once, a few at a time in this process (limits.pictureConcurrency): their size is recorded
    // and a thumbnail made; one that cannot be decoded is refused.
    const facts: (PictureFacts | undefined)[] = [];
    for (const p of plans) {
      const thumbTemp = `${p.r.temp}.thumb`;
      received.push({ ...p.r, temp: thumbTemp });
      const f =
        p.kind === 'image' ? await pictures.run(() => pictureFacts(p.r.temp, p.name.ext, thumbTemp)) : undefined;
      if (f === null) throw appError(E.UPLOAD_PICTURE_UNREADABLE, { name: p.name.display });
      facts.push(f ?? undefined);
    }
    const planned = plans.flatMap((p, i) => (facts[i]?.thumbnail ? [p.key, `${p.key}.thumb.webp`] : [p.key]));
    journal = path.join(journalDirOf(host.config.dataDir), `${randomUUID()}.json`);
    await fs.promises.mkdir(path.dirname(journal), { recursive: true });
    await fs.promises.writeFile(journal, JSON.stringify(planned));
    for (const [i, p] of plans.entries()) {
      stored.push(p.key);
      await storage.put(p.key, p.r.temp);
      if (facts[i]?.thumbnail) {
        stored.push(`${p.key}.thumb.webp`);
        await storage.put(`${p.key}.thumb.webp`, `${p.r.temp}.thumb`);
      }
    }
    const domainless = (url: string) =>
      host.config.uploadDomain && url.startsWith(host.config.uploadDomain)
        ? url.slice(host.config.uploadDomain.length)
        : url;
    await addRows(
      ctx,
      host.registry.get(SPACE_INFO)!,
      plans.map((p, i) => ({
        url: p.url,
        type: p.kind,
        classifyId,
        fileId: p.key,
        name: p.name.display,
        size: p.r.size,
        version: 1,
        key: domainless(p.url),
        width: facts[i]?.width ?? null,
        height: facts[i]?.height ?? null,
        thumbUrl: facts[i]?.thumbnail ? storage.url(`${p.key}.thumb.webp`) : null,
        userId: ctx.user?.id ?? null,
      })),
    );
    committed = true;
    return plans.length === 1 ? plans[0].url : plans.map((p) => p.url);
  } finally {
    // Nothing of a refused or broken upload stays: temporary files always go, stored ones unless the rows were written.
    await Promise.all(
      received.map(async (r) => {
        await r.closed;
        await fs.promises.rm(r.temp, { force: true });
      }),
    );
    if (!committed) await Promise.all(stored.map((k) => storage.remove(k).catch(() => undefined)));
    if (journal) await fs.promises.rm(journal, { force: true });
  }
}

/**
 * The original clients record an uploaded file themselves (`space/info/add` with the URL `upload` returned). The row
 * the upload already wrote is then merged into the client's: its blanks are filled from it (kind, size, storage id),
 * and the older row goes, so the file space lists each file once. Only the uploader's own row is merged: another
 * user adding the same URL gets a listing of their own, and the uploader's row (its owner) stays as it was.
 */
async function mergeUploadedRow(ctx: OpContext, table: string, id: number): Promise<void> {
  const db = untyped(ctx.db);
  const added = await db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
  if (!added || typeof added.url !== 'string' || !added.url.includes('/public/uploads/')) return;
  const owner = added.userId === null || added.userId === undefined ? null : Number(added.userId);
  // A row the upload wrote for the same user: its fileId is the storage key this module makes.
  const recorded = (
    (await db
      .selectFrom(table)
      .selectAll()
      .where('url', '=', added.url)
      .where('id', '<>', id)
      .orderBy('id')
      .execute()) as Row[]
  ).find(
    (r) =>
      typeof r.fileId === 'string' &&
      UPLOAD_KEY.test(r.fileId) &&
      (r.userId === null || r.userId === undefined ? null : Number(r.userId)) === owner,
  );
  if (!recorded) return;
  const fill: Row = {};
  for (const k of ['type', 'size', 'fileId', 'name', 'classifyId', 'key'])
    if ((added[k] === null || added[k] === undefined || added[k] === '') && recorded[k] != null) fill[k] = recorded[k];
  // Recorded in the record's history after its add (module-writes.ts), so the history replays to what is stored.
  if (Object.keys(fill).length) await updateRecorded(ctx, SPACE_INFO, { id }, fill);
  await db
    .deleteFrom(table)
    .where('id', '=', recorded.id as number)
    .execute();
}

/** `uploadMode` and `upload` (PROTOCOL §7.1): local storage, limits told to clients, every file checked. */
export function registerUploadRoutes(
  host: Host,
  storage: FileStorage = host.config.s3
    ? new S3Storage(host.config.s3)
    : new LocalDiskStorage(uploadRoot(host.config.dataDir), host.config.uploadDomain),
): void {
  const limits = limitsOf(host.config.limits);
  const pictures = new BoundedPool(limits.pictureConcurrency);
  void sweepStaleTemp(tempDirOf(host.config.dataDir));
  void sweepInterrupted(host, storage).then(
    (n) => {
      if (n > 0) host.app.log.warn(`upload: removed ${n} stored file(s) of uploads a stopped process never recorded`);
    },
    (e: unknown) => host.app.log.error({ err: e }, 'upload: sweeping the files of interrupted uploads failed'),
  );
  const spaceTable = host.registry.get(SPACE_INFO)?.table;
  if (spaceTable) {
    host.hooks.add(SPACE_INFO, {
      // The owner is whoever records the file (x-readonly: a body cannot name another user).
      beforeAdd: (ctx, row) => {
        row.userId = ctx.user?.id ?? null;
      },
      afterAdd: (ctx, id) => mergeUploadedRow(ctx, spaceTable, id),
    });
  }
  host.route({
    method: 'get',
    url: `${COMM}/uploadMode`,
    access: 'login',
    summary: '文件上传模式',
    schema: R.uploadMode,
    handler: () => ({
      mode: 'local',
      type: storage.type,
      maxSize: limits.uploadMaxBytes,
      maxFiles: limits.uploadMaxFiles,
      kinds: allowedKinds(),
      maxPixels: limits.pictureMaxPixels,
      dailyBytes: limits.uploadBytesPerUserPerDay,
    }),
  });
  host.route({
    method: 'post',
    url: `${COMM}/upload`,
    access: 'login',
    summary: '文件上传',
    schema: R.upload,
    // Files come as multipart, read by upload() with its own limits; a JSON body here is a few bytes at most.
    bodyLimit: limits.bodySmallMaxBytes,
    handler: (ctx, input) => upload(host, storage, pictures, ctx, input.request),
  });
}
