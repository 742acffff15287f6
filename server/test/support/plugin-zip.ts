import { deflateRawSync } from 'node:zlib';

/** One entry of a hand-written zip archive; the options let a test write archives no honest tool would. */
export type ZipEntry = {
  name: string;
  data: Buffer | string;
  /** 0 stored, 8 deflate (default). */
  method?: 0 | 8;
  /** Declared inflated size, instead of the true one (a lying header). */
  declaredSize?: number;
  /** Unix mode in the external attributes (0o120777 = a symbolic link). */
  mode?: number;
};

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const b of data) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A zip archive written byte by byte (local headers, central directory, end record), UTF-8 names. */
export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const raw = Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data, 'utf8');
    const method = e.method ?? 8;
    const packed = method === 8 ? deflateRawSync(raw) : raw;
    const name = Buffer.from(e.name, 'utf8');
    const crc = crc32(raw);
    const size = e.declaredSize ?? raw.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(0, 10);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, packed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((e.mode ?? (e.name.endsWith('/') ? 0o40755 : 0o100644)) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const label = (en: string, zh: string) => ({ 'zh-cn': zh, 'zh-tw': zh, en });

/** A plugin package: a shelf entity with a dictionary-backed colour, its dictionary and a purge task handler. */
export function shelfPackage(
  o: { keyName?: string; version?: string; hook?: string; extraField?: boolean; enable?: boolean } = {},
): ZipEntry[] {
  const key = o.keyName ?? 'shelf';
  const manifest = {
    name: `Shelf ${key}`,
    keyName: key,
    version: o.version ?? '1.0.0',
    description: 'Shelves and their colours',
    author: 'Joinery tests',
    ...(o.hook ? { hook: o.hook } : {}),
    ...(o.enable === false ? { enable: false } : {}),
    logo: 'logo.svg',
    configSchema: {
      type: 'object',
      additionalProperties: false,
      properties: { depth: { type: 'integer', minimum: 10, maximum: 100 }, label: { type: 'string', maxLength: 20 } },
    },
    config: { depth: 30 },
  };
  const schema = {
    type: 'object',
    'x-module': key,
    'x-prefix': `${key}/item`,
    'x-table': `${key}_item`,
    'x-class': `${key[0].toUpperCase()}${key.slice(1)}ItemEntity`,
    'x-title': label('Shelves', '货架'),
    required: ['title'],
    'x-menu': { router: `/${key}/item`, viewPath: 'generic', parent: 'sys', orderNum: 20 },
    properties: {
      title: {
        type: 'string',
        minLength: 1,
        maxLength: 40,
        'x-label': label('Title', '名称'),
        'x-search': 'keyword',
        'x-list': { show: true },
      },
      colour: {
        type: ['integer', 'null'],
        'x-dict': `${key}Colour`,
        'x-label': label('Colour', '颜色'),
        'x-list': { show: true },
      },
      ...(o.extraField ? { depth: { type: ['integer', 'null'], 'x-label': label('Depth', '深度') } } : {}),
    },
  };
  return [
    { name: 'plugin.json', data: JSON.stringify(manifest) },
    { name: 'README.md', data: `# Shelf ${key}\n\nAdds shelves.` },
    {
      name: 'logo.svg',
      data: '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#c84"/></svg>',
    },
    { name: 'schemas/', data: '' },
    { name: 'schemas/item.json', data: JSON.stringify(schema) },
    {
      name: 'dicts.json',
      data: JSON.stringify([
        {
          key: `${key}Colour`,
          name: '货架颜色',
          items: [
            { name: '胡桃', value: 1 },
            { name: '橡木', value: 2 },
          ],
        },
      ]),
    },
    {
      name: 'tasks.json',
      data: JSON.stringify([
        { name: `${key}.purgeOld`, summary: '清理旧货架', kind: 'purgeOlderThan', entity: `${key}/item`, keepDays: 30 },
      ]),
    },
  ];
}
