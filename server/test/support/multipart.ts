import { randomBytes } from 'node:crypto';

export type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer; type?: string };

/** A multipart/form-data body written by hand, as a browser sends it (raw UTF-8 in names). */
export function multipart(
  parts: Part[],
  options: { cutAfter?: number } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----joinery${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('filename' in p) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        p.content,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  let payload = Buffer.concat(chunks);
  if (options.cutAfter !== undefined) payload = payload.subarray(0, options.cutAfter);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
