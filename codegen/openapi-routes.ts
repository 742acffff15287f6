type Schema = Record<string, unknown>;

/** The parts of an OpenAPI document (server/core/http/openapi.ts) the client generator reads. */
export type OpenApiDoc = {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};
type Media = Record<string, { schema?: Schema }>;
type Operation = {
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content?: Media };
  responses?: Record<string, { content?: Media }>;
};

/** A route of the client: where it is, what it takes and answers (JSON Schemas of the document). */
export type ClientRoute = {
  method: 'get' | 'post';
  url: string;
  /** The last segment of the path: the method's name. */
  name: string;
  body?: Schema;
  query?: Schema;
  /** The envelope's data (absent: none); with `raw`, the reply. */
  reply?: Schema;
  /** The reply's content type when it is not an envelope. */
  raw?: string;
  multipart?: boolean;
};

/** Every route of an OpenAPI document, with the schemas of its body, query and reply. */
export function routesOfDocument(doc: OpenApiDoc): ClientRoute[] {
  const out: ClientRoute[] = [];
  for (const [url, ops] of Object.entries(doc.paths ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
    for (const method of ['get', 'post'] as const) {
      const op = ops[method];
      if (!op) continue;
      const params = (op.parameters ?? []).filter((p) => p.in === 'query');
      const query = params.length
        ? {
            type: 'object',
            properties: Object.fromEntries(params.map((p) => [p.name, p.schema ?? {}])),
            required: params.filter((p) => p.required).map((p) => p.name),
          }
        : undefined;
      const bodyMedia = op.requestBody?.content ?? {};
      const multipart = 'multipart/form-data' in bodyMedia;
      const body = bodyMedia['application/json']?.schema ?? bodyMedia['multipart/form-data']?.schema;
      const replyMedia = op.responses?.['200']?.content ?? {};
      const [type, media] = Object.entries(replyMedia)[0] ?? ['application/json', {}];
      const envelope = (media.schema?.properties ?? {}) as Record<string, Schema>;
      const enveloped = type === 'application/json' && 'code' in envelope;
      const reply = enveloped ? envelope.data : media.schema;
      out.push({
        method,
        url,
        name: url.slice(url.lastIndexOf('/') + 1),
        ...(body && method === 'post' ? { body } : {}),
        ...(query ? { query } : {}),
        ...(reply ? { reply } : {}),
        ...(enveloped ? {} : { raw: type }),
        ...(multipart ? { multipart } : {}),
      });
    }
  }
  return out;
}
