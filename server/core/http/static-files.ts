import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from '../../config.js';
import { SEED_DIR } from '../../paths.js';
import { uploadRoot } from '../storage/file-storage.js';
import { servedInline } from '../storage/file-kinds.js';
import { loadBuiltUi, sendBuilt } from './built-ui.js';

const SEED_PUBLIC = path.join(SEED_DIR, 'public');

const STATUS_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Joinery</title></head>
<body style="font-family:system-ui;margin:3rem"><h1>Joinery server is running</h1>
<p>The UI has not been built. Run <code>npm start</code> to build and serve it, or use the API under <code>/admin/</code>.</p></body></html>`;

/** For uploaded files: an opaque origin without script (SANDBOX_CSP), its own media only, framed by the console alone. */
const UPLOAD_CSP =
  "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";
/**
 * PDFs: browsers refuse to start their PDF viewer in a sandboxed document, and the viewer (PDFium, pdf.js) runs a
 * PDF's own script isolated from the page's origin; they only must not be framed by other sites.
 */
const PDF_CSP = "frame-ancestors 'self'";

/** Serves seed pictures, uploads and the built UI (history-mode fallback to index.html). */
export async function serveStatic(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifyStatic, { root: SEED_PUBLIC, prefix: '/public/seed/', decorateReply: true, index: false });
  const uploads = uploadRoot(config.dataDir);
  fs.mkdirSync(uploads, { recursive: true });
  await app.register(async (scope) => {
    // Uploaded files are never active content of our origin: every reply (SVG included) carries the sandbox policy,
    // and what is no picture, video, sound or PDF is a download.
    scope.addHook('onSend', async (request, reply, payload) => {
      const ext = path.extname(request.url.split('?')[0]).slice(1).toLowerCase();
      const pdf =
        ext === 'pdf' &&
        reply.statusCode < 300 &&
        /^application\/pdf\b/.test(String(reply.getHeader('content-type') ?? ''));
      reply.header('content-security-policy', pdf ? PDF_CSP : UPLOAD_CSP).header('x-content-type-options', 'nosniff');
      if (reply.statusCode < 300 && !servedInline(ext)) reply.header('content-disposition', 'attachment');
      return payload;
    });
    await scope.register(fastifyStatic, {
      root: uploads,
      prefix: '/public/uploads/',
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
    });
  });
  // The built UI from memory, precompressed, with content ETags (built-ui.ts); history-mode paths get index.html.
  const ui = loadBuiltUi(config.uiDir);
  const index = ui.get('/index.html');
  const page = (request: FastifyRequest, reply: FastifyReply) =>
    index ? sendBuilt(request, reply, index) : reply.type('text/html').send(STATUS_PAGE);
  app.get('/', page);
  // Unknown GET paths outside the API are screens of the single-page app.
  app.get('/*', (request, reply) => {
    const p = request.url.split('?')[0];
    const file = ui.get(p);
    if (file) return sendBuilt(request, reply, file);
    if (/^\/(admin|app|public)(\/|$)/.test(p) || path.extname(p) !== '') {
      return reply.status(404).send({ code: 1001, message: `${p.slice(0, 200)} Not Found` });
    }
    return page(request, reply);
  });
}
