import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from '../../config.js';
import { SEED_DIR } from '../../paths.js';

const SEED_PUBLIC = path.join(SEED_DIR, 'public');

const STATUS_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Joinery</title></head>
<body style="font-family:system-ui;margin:3rem"><h1>Joinery server is running</h1>
<p>The UI has not been built. Run <code>npm start</code> to build and serve it, or use the API under <code>/admin/</code>.</p></body></html>`;

/** Serves seed pictures, uploads and the built UI (history-mode fallback to index.html). */
export async function serveStatic(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifyStatic, { root: SEED_PUBLIC, prefix: '/public/seed/', decorateReply: true, index: false });
  const uploads = path.join(config.dataDir, 'uploads');
  fs.mkdirSync(uploads, { recursive: true });
  await app.register(fastifyStatic, { root: uploads, prefix: '/public/uploads/', decorateReply: false, index: false });
  const uiIndex = path.join(config.uiDir, 'index.html');
  const hasUi = fs.existsSync(uiIndex);
  if (hasUi) {
    await app.register(fastifyStatic, { root: config.uiDir, prefix: '/', decorateReply: false, wildcard: false, index: false });
  }
  app.get('/', (_req, reply) => (hasUi ? reply.type('text/html').send(fs.createReadStream(uiIndex)) : reply.type('text/html').send(STATUS_PAGE)));
  // Unknown GET paths outside the API are screens of the single-page app.
  app.get('/*', (request, reply) => {
    const p = request.url.split('?')[0];
    if (/^\/(admin|app|public)(\/|$)/.test(p) || path.extname(p) !== '') {
      return reply.status(404).send({ code: 1001, message: `${p.slice(0, 200)} Not Found` });
    }
    return hasUi ? reply.type('text/html').send(fs.createReadStream(uiIndex)) : reply.type('text/html').send(STATUS_PAGE);
  });
}
