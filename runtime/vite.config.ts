import path from 'node:path';
import { build } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompressDir } from '../server/core/http/precompress';

const runtimeDir = import.meta.dirname;
// `npm run dev:ui` proxies the API to `npm run dev:server`, which listens on PORT (default 8001, as server/config.ts).
const api = `http://127.0.0.1:${process.env.PORT ?? 8001}`;

/**
 * Writes the chunks of the generic list screen (screens/entity) into index.html's early-call script, which preloads
 * them for a signed-in visitor: most pages are that screen, and its code then downloads beside the app's own rather
 * than after the first calls come back. Chunks the entry already loads are left out.
 */
function listScreenPreload(): Plugin {
  const PLACEHOLDER = "'__JOINERY_LIST_SCREEN_CHUNKS__'";
  return {
    name: 'joinery-list-screen-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = new Map<string, { imports: string[]; moduleIds: string[]; isEntry?: boolean }>();
        for (const [name, item] of Object.entries(ctx.bundle ?? {})) if (item.type === 'chunk') chunks.set(name, item);
        const closure = (start: string[], into = new Set<string>()) => {
          for (const name of start)
            if (!into.has(name)) {
              into.add(name);
              closure(chunks.get(name)?.imports ?? [], into);
            }
          return into;
        };
        const screen = [...chunks].find(([, c]) =>
          c.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith('/screens/entity/entity-screen.tsx')),
        );
        if (!screen || !html.includes(PLACEHOLDER))
          throw new Error('list screen preload: the entity screen chunk or the index.html placeholder is missing');
        const loaded = closure([...chunks].filter(([, c]) => c.isEntry).map(([name]) => name));
        const wanted = [...closure([screen[0]])].filter((name) => !loaded.has(name)).map((name) => `/${name}`);
        return html.replace(PLACEHOLDER, JSON.stringify(wanted));
      },
    },
  };
}

/**
 * Writes index.html's boot script (boot/early-page-calls.ts, bundled on its own as a plain script) in place of its
 * placeholder: once eps and the menu are in, it starts the list page's calls before the app's scripts have run. Inline,
 * so it costs no request of its own; the server allows it by its hash (server/core/http/security-headers.ts). In
 * development the placeholder stays a comment and the app starts those calls itself.
 */
function earlyPageCalls(): Plugin {
  const PLACEHOLDER = '/*__JOINERY_EARLY_PAGE_CALLS__*/';
  return {
    name: 'joinery-early-page-calls',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!html.includes(PLACEHOLDER)) throw new Error('early page calls: the index.html placeholder is missing');
        const out = await build({
          entryPoints: [path.resolve(runtimeDir, 'boot/early-page-calls.ts')],
          bundle: true,
          write: false,
          format: 'iife',
          minify: true,
          legalComments: 'none',
          platform: 'browser',
          target: 'es2022',
        });
        const code = out.outputFiles[0]?.text.trim() ?? '';
        if (!code || /<\/script|<!--/i.test(code))
          throw new Error('early page calls: the boot script cannot be inlined');
        return html.replace(PLACEHOLDER, code);
      },
    },
  };
}

/** `.br` and `.gz` beside every text file of the build, for the server to pick by Accept-Encoding. */
function precompress(): Plugin {
  return {
    name: 'joinery-precompress',
    apply: 'build',
    writeBundle: {
      sequential: true,
      order: 'post',
      handler: (options) => precompressDir(options.dir ?? path.resolve(runtimeDir, '../dist/ui')),
    },
  };
}

// The UI is built into dist/ui and served by the Joinery server at '/'; in development the API is proxied.
export default defineConfig({
  root: runtimeDir,
  base: '/',
  plugins: [react(), tailwindcss(), listScreenPreload(), earlyPageCalls(), precompress()],
  build: {
    outDir: '../dist/ui',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // What every page loads (statically imported from the entry) is one chunk, not the entry plus a dozen small
        // chunks it shares with lazy screens: each file costs a request and ~500 bytes of headers (bench/ui-load.mjs).
        // The same for the list screen, most pages' code: its module and what it imports beyond the app are one chunk,
        // not ten files of 100 bytes to 25 KB, each a request beside the first calls on six connections.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 2 },
            { name: 'entity-screen', test: /[\\/]screens[\\/]entity[\\/]entity-screen\.tsx$/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/admin': api,
      '/public': api,
    },
  },
});
