import { request } from '../../engine/request';
import type { BaseCodingSchemaReply } from '../../engine/client.generated';
import { toast } from '../../shell/toast';

/** An AI-code entity as the schema file it would be in the project (`schemas/<prefix>.json`), downloaded. */
export async function downloadSchema(prefix: string): Promise<void> {
  try {
    const { path, schema } = await request<BaseCodingSchemaReply>('/admin/base/coding/schema', { params: { prefix } });
    const url = URL.createObjectURL(new Blob([`${JSON.stringify(schema, null, 2)}\n`], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = path.split('/').pop() ?? 'entity.json';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  } catch (e) {
    toast.failure(e);
  }
}
