import { isUtf8 } from 'node:buffer';

/**
 * The files an upload may carry: each extension names its kind (the `space_info.type` values) and how its content
 * must begin. A file is accepted only when its extension is listed AND its first bytes match (PROTOCOL §0: a spoofed
 * type is refused with 415).
 */
export type FileKind = 'image' | 'video' | 'audio' | 'word' | 'excel' | 'ppt' | 'pdf' | 'rar' | 'zip' | 'other';

/** How many leading bytes the sniffers look at. */
export const SNIFF_BYTES = 4100;

type Sniffer = (head: Buffer) => boolean;

const at = (sig: number[] | string, offset = 0): Sniffer => {
  const bytes = typeof sig === 'string' ? Buffer.from(sig, 'latin1') : Buffer.from(sig);
  return (b) => b.length >= offset + bytes.length && b.subarray(offset, offset + bytes.length).equals(bytes);
};
const any =
  (...s: Sniffer[]): Sniffer =>
  (b) =>
    s.some((f) => f(b));
const riff =
  (form: string): Sniffer =>
  (b) =>
    at('RIFF')(b) && at(form, 8)(b);
/** ISO base media (mp4, mov, m4a, avif…): a box of type ftyp first. */
const ftyp: Sniffer = at('ftyp', 4);
const zip = any(at([0x50, 0x4b, 0x03, 0x04]), at([0x50, 0x4b, 0x05, 0x06]));
/** OLE2 compound file (doc, xls, ppt). */
const ole = at([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const mp3: Sniffer = (b) => at('ID3')(b) || (b.length >= 2 && b[0] === 0xff && (b[1] & 0xe0) === 0xe0);

/** Text: valid UTF-8 (the cut may split the last character) without NUL bytes. */
const text: Sniffer = (b) => {
  if (b.includes(0)) return false;
  for (let cut = 0; cut <= 3 && cut <= b.length; cut++) if (isUtf8(b.subarray(0, b.length - cut))) return true;
  return false;
};

/** SVG: text whose first element is <svg> (after an XML declaration, comments or a doctype). */
const svg: Sniffer = (b) => {
  if (!text(b)) return false;
  const s = b.toString('utf8').replace(/^\uFEFF/, '');
  return /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE\s+svg[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>/]/i.test(
    s,
  );
};

const TABLE: Record<string, [FileKind, Sniffer]> = {
  png: ['image', at([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  jpg: ['image', at([0xff, 0xd8, 0xff])],
  jpeg: ['image', at([0xff, 0xd8, 0xff])],
  gif: ['image', any(at('GIF87a'), at('GIF89a'))],
  webp: ['image', riff('WEBP')],
  bmp: ['image', at('BM')],
  ico: ['image', at([0x00, 0x00, 0x01, 0x00])],
  avif: ['image', ftyp],
  svg: ['image', svg],
  mp4: ['video', ftyp],
  m4v: ['video', ftyp],
  mov: ['video', ftyp],
  webm: ['video', at([0x1a, 0x45, 0xdf, 0xa3])],
  mp3: ['audio', mp3],
  wav: ['audio', riff('WAVE')],
  ogg: ['audio', at('OggS')],
  m4a: ['audio', ftyp],
  flac: ['audio', at('fLaC')],
  pdf: ['pdf', at('%PDF-')],
  doc: ['word', ole],
  docx: ['word', zip],
  xls: ['excel', ole],
  xlsx: ['excel', zip],
  csv: ['excel', text],
  ppt: ['ppt', ole],
  pptx: ['ppt', zip],
  rar: ['rar', at('Rar!\u001a\u0007', 0)],
  zip: ['zip', zip],
  '7z': ['zip', at([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])],
  gz: ['zip', at([0x1f, 0x8b])],
  txt: ['other', text],
  md: ['other', text],
  json: ['other', text],
};

/** Kinds a browser may show inline from our origin; everything else is served as an attachment. */
const INLINE_KINDS = new Set<FileKind>(['image', 'video', 'audio', 'pdf']);

export function kindOfExtension(ext: string): FileKind | undefined {
  return Object.hasOwn(TABLE, ext) ? TABLE[ext][0] : undefined;
}

/** Whether the first bytes of a file fit its (allowed) extension. */
export function contentFits(ext: string, head: Buffer): boolean {
  return Object.hasOwn(TABLE, ext) && TABLE[ext][1](head);
}

/** Whether a stored file with this extension may be shown inline (never for unknown extensions). */
export function servedInline(ext: string): boolean {
  const kind = kindOfExtension(ext);
  return kind !== undefined && INLINE_KINDS.has(kind);
}

/** The allowed extensions by kind, for clients (`uploadMode`). */
export function allowedKinds(): Partial<Record<FileKind, string[]>> {
  const out: Partial<Record<FileKind, string[]>> = {};
  for (const [ext, [kind]] of Object.entries(TABLE)) out[kind] = [...(out[kind] ?? []), `.${ext}`];
  return out;
}
