import { findDictEntry, useDict } from '../engine/dict';
import { tagClass, tagNeutral, tagTone } from './ui-classes';
import { onColor } from '../engine/contrast';

const HEX = /^#[0-9a-f]{6}$/i;

/** A coloured tag: a dictionary colour name, or a CSS colour given by the entry (its text by contrast when a #rrggbb). */
export function Tag({ color, children }: { color?: string | null; children: React.ReactNode }) {
  const tone = color ? tagTone[color] : undefined;
  if (color && !tone) {
    return (
      <span
        className={`${tagClass} border-transparent`}
        style={{ background: color, color: HEX.test(color) ? onColor(color) : '#ffffff' }}
      >
        {children}
      </span>
    );
  }
  return <span className={`${tagClass} ${tone ?? tagNeutral}`}>{children}</span>;
}

/** A value shown by its dictionary entry (name and colour); unknown values show as they are. */
export function DictTag({ dict, value }: { dict: string; value: unknown }) {
  const entries = useDict(dict);
  if (value === null || value === undefined || value === '') return null;
  const values = Array.isArray(value) ? value : [value];
  return (
    <span className="inline-flex flex-wrap gap-1">
      {values.map((v, i) => {
        const entry = findDictEntry(entries, v);
        return (
          <Tag key={i} color={entry?.color}>
            {entry ? entry.name : String(v)}
          </Tag>
        );
      })}
    </span>
  );
}
