import { useTranslation } from 'react-i18next';
import type { EpsEntry } from '../../engine/eps';
import { shortPrefix } from '../../engine/eps-index';
import { labelOf } from '../../widgets/label-of';
import { SelectInput } from '../../widgets/select-input';
import { buttonClass, inputBaseClass, invalidInputClass } from '../../widgets/ui-classes';
import { DICT_KINDS, LENGTH_KINDS, RANGE_KINDS } from './field-rules';
import {
  FIELD_KINDS,
  SEARCH_KINDS,
  emptyLabel,
  type FieldKind,
  type Issue,
  type Label,
  type ProposalField,
  type SearchKind,
} from './proposal-state';

const LANGS = ['zh-cn', 'zh-tw', 'en'] as const;
const cell = 'border-b border-line px-1.5 py-1.5 align-top';
const input = (bad: boolean, width: string) => `${inputBaseClass} ${width} ${bad ? invalidInputClass : ''}`;

export type FieldRowProps = {
  f: ProposalField;
  /** The row's place, and how many rows there are. */
  i: number;
  count: number;
  /** The issue of a cell of this row, by column. */
  bad: (column: string) => Issue | undefined;
  set: (patch: Partial<ProposalField>) => void;
  move: (by: number) => void;
  remove: () => void;
  dicts: string[];
  onNewDict: () => void;
  entities: EpsEntry[];
  lang: string;
};

/** One field of the proposal as a table row: every property of it editable in place. */
export function FieldRow({ f, i, count, bad, set, move, remove, dicts, onNewDict, entities, lang }: FieldRowProps) {
  const { t } = useTranslation('aicode');
  const l: Label = typeof f.label === 'object' ? f.label : { ...emptyLabel(), 'zh-cn': f.label ?? '' };
  const entityLabelFields = (prefix: string) =>
    entities
      .find((e) => shortPrefix(e.prefix) === prefix)
      ?.joinery?.fields.filter((x) => x.storage === 'string' && !x.secret)
      .map((x) => x.name) ?? [];
  return (
    <tr data-field={f.name} className="group">
      <td className={cell}>
        <input
          aria-label={t('field.nameOf', { n: i + 1 })}
          className={input(!!bad('name'), 'w-28 font-mono text-[12px]')}
          value={f.name}
          onChange={(e) => set({ name: e.target.value.trim() })}
        />
      </td>
      <td className={cell}>
        <div className="flex gap-1">
          {LANGS.map((lng) => (
            <input
              key={lng}
              aria-label={`${t('field.label')} ${lng} (${f.name})`}
              className={input(!!bad('label'), 'w-[5.5rem]')}
              value={l[lng]}
              placeholder={lng === 'en' ? 'English' : lng === 'zh-tw' ? '繁體' : '简体'}
              onChange={(e) => set({ label: { ...l, [lng]: e.target.value } })}
            />
          ))}
        </div>
      </td>
      <td className={cell}>
        <SelectInput
          aria-label={`${t('field.type')} (${f.name})`}
          wrapperClassName="w-28"
          className={bad('type') ? invalidInputClass : ''}
          value={f.type}
          onChange={(e) =>
            set({
              type: e.target.value as FieldKind,
              ...(e.target.value !== 'integer' ? { ref: undefined } : {}),
            })
          }
        >
          {FIELD_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`kind.${k}`)}
            </option>
          ))}
        </SelectInput>
      </td>
      <td className={`${cell} text-center`}>
        <input
          type="checkbox"
          aria-label={`${t('field.required')} (${f.name})`}
          className="mt-2 h-3.5 w-3.5 accent-primary"
          checked={!!f.required}
          onChange={(e) => set({ required: e.target.checked || undefined })}
        />
      </td>
      <td className={cell}>
        <input
          aria-label={`${t('field.length')} (${f.name})`}
          inputMode="numeric"
          disabled={!LENGTH_KINDS.includes(f.type)}
          className={input(!!bad('length'), 'w-20')}
          value={f.length ?? ''}
          placeholder={
            LENGTH_KINDS.includes(f.type) ? (f.type === 'string' ? '255' : f.type === 'image' ? '500' : '20000') : '—'
          }
          onChange={(e) =>
            set({
              length:
                e.target.value === '' ? undefined : /^\d+$/.test(e.target.value) ? Number(e.target.value) : f.length,
            })
          }
        />
      </td>
      <td className={cell}>
        <SelectInput
          aria-label={`${t('field.dict')} (${f.name})`}
          wrapperClassName="w-32"
          className={bad('dict') ? invalidInputClass : ''}
          disabled={!DICT_KINDS.includes(f.type) || !!f.ref}
          value={f.dict ?? ''}
          onChange={(e) => (e.target.value === '\u0000new' ? onNewDict() : set({ dict: e.target.value || undefined }))}
        >
          <option value="">—</option>
          {f.dict && !dicts.includes(f.dict) && (
            <option value={f.dict}>
              {f.dictEntries ? t('dict.newTag', { key: f.dict, count: f.dictEntries.length }) : f.dict}
            </option>
          )}
          {dicts.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
          <option value={'\u0000new'}>{t('field.newDict')}</option>
        </SelectInput>
      </td>
      <td className={cell}>
        <div className="flex gap-1">
          <SelectInput
            aria-label={`${t('field.ref')} (${f.name})`}
            wrapperClassName="w-36"
            className={bad('ref') ? invalidInputClass : ''}
            value={f.ref?.entity ?? ''}
            onChange={(e) => {
              const entity = e.target.value;
              const labels = entityLabelFields(entity);
              set({
                ref: entity
                  ? {
                      entity,
                      ...(labels.includes('name') ? { label: 'name' } : labels[0] ? { label: labels[0] } : {}),
                    }
                  : undefined,
                ...(entity ? { type: 'integer' as const } : {}),
              });
            }}
          >
            <option value="">—</option>
            {entities.map((e) => {
              const prefix = e.prefix.replace(/^\/admin\//, '');
              return (
                <option key={prefix} value={prefix}>
                  {labelOf(e.joinery?.title, lang)} · {prefix}
                </option>
              );
            })}
          </SelectInput>
          {f.ref && (
            <SelectInput
              aria-label={`${t('field.refLabel')} (${f.name})`}
              wrapperClassName="w-24"
              value={f.ref.label ?? ''}
              onChange={(e) =>
                set({
                  ref: { entity: f.ref!.entity, ...(e.target.value ? { label: e.target.value } : {}) },
                })
              }
            >
              <option value="">id</option>
              {entityLabelFields(f.ref.entity).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </SelectInput>
          )}
        </div>
      </td>
      <td className={cell}>
        <SelectInput
          aria-label={`${t('field.search')} (${f.name})`}
          wrapperClassName="w-24"
          className={bad('search') ? invalidInputClass : ''}
          value={f.search ?? ''}
          disabled={f.type === 'json'}
          onChange={(e) => set({ search: (e.target.value || undefined) as SearchKind | undefined })}
        >
          <option value="">—</option>
          {SEARCH_KINDS.filter((k) => k !== 'range' || RANGE_KINDS.includes(f.type)).map((k) => (
            <option key={k} value={k}>
              {t(`search.${k}`)}
            </option>
          ))}
        </SelectInput>
      </td>
      <td className={`${cell} text-center`}>
        <input
          type="checkbox"
          aria-label={`${t('field.list')} (${f.name})`}
          className="mt-2 h-3.5 w-3.5 accent-primary"
          checked={f.list !== false}
          onChange={(e) =>
            set({
              list: e.target.checked ? undefined : false,
              ...(e.target.checked ? {} : { sortable: undefined }),
            })
          }
        />
      </td>
      <td className={`${cell} text-center`}>
        <input
          type="checkbox"
          aria-label={`${t('field.sortable')} (${f.name})`}
          className="mt-2 h-3.5 w-3.5 accent-primary"
          checked={!!f.sortable}
          disabled={f.list === false}
          onChange={(e) => set({ sortable: e.target.checked || undefined })}
        />
      </td>
      <td className={`${cell} whitespace-nowrap`}>
        <button
          type="button"
          className={buttonClass.link}
          disabled={i === 0}
          onClick={() => move(-1)}
          aria-label={t('field.up', { name: f.name })}
          title={t('field.up', { name: f.name })}
        >
          ↑
        </button>
        <button
          type="button"
          className={buttonClass.link}
          disabled={i === count - 1}
          onClick={() => move(1)}
          aria-label={t('field.down', { name: f.name })}
          title={t('field.down', { name: f.name })}
        >
          ↓
        </button>
        <button type="button" className={buttonClass.linkDanger} onClick={remove}>
          {t('field.remove')}
        </button>
      </td>
    </tr>
  );
}
