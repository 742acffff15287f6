import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Entity } from '../../server/core/registry/entity-types.js';
import { generateOpenApi } from '../../server/core/http/openapi.js';
import type { OpenApiDoc } from '../generate-client.js';

/**
 * The entities of a schemas folder and the OpenAPI document of every route a server started on it answers, read from
 * an app built on an in-memory database (the hand-written routes and their schemas exist only once modules register
 * them; entity actions only where a module has a handler).
 */
export async function routeTable(schemasDir: string): Promise<{ entities: Entity[]; doc: OpenApiDoc }> {
  const { buildApp } = await import('../../server/app.js');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-routes-'));
  const app = await buildApp({
    schemasDir,
    databaseUrl: 'sqlite::memory:',
    dataDir,
    seed: false,
    captcha: false,
    logger: false,
    uiDir: path.join(dataDir, 'no-ui'),
  });
  try {
    const host = app.joinery;
    const entities = host.registry.all();
    return { entities, doc: generateOpenApi(entities, host.listRoutes()) as OpenApiDoc };
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
