import { useTranslation } from 'react-i18next';
import type { EpsEntry } from '../../engine/eps';
import { shortPrefix } from '../../engine/eps-index';
import { labelOf } from '../../widgets/label-of';
import { SelectInput } from '../../widgets/select-input';
import { buttonClass, inputBaseClass, invalidInputClass } from '../../widgets/ui-classes';
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
const LENGTH_KINDS: FieldKind[] = ['string', 'text', 'richtext', 'image'];
const DICT_KINDS: FieldKind[] = ['string', 'integer'];
const RANGE_KINDS: FieldKind[] = ['integer', 'number', 'money', 'date', 'datetime'];

const cell = 'border-b border-line px-1.5 py-1.5 align-top';
const input = (bad: boolean, width: string) => `${inputBaseClass} ${width} ${bad ? invalidInputClass : ''}`;

export type FieldTableProps = {
  fields: ProposalField[];
  onChange: (fields: ProposalField[], renamed?: { from: string; to: string }) => void;
  /** Issues of the table's cells, by row and column ('' = the whole row). */
  issues: Map<number, Map<string, Issue>>;
  /** Dictionary type keys that exist, to bind a field to. */
  dicts: string[];
  onNewDict: (row: number) => void;
  /** Entities a relation may point at. */
  entities: EpsEntry[];
  lang: string;
};

/** The proposal's fields as a table the admin edits: every property of a field in one row. */
export function FieldTable({ fields, onChange, issues, dicts, onNewDict, entities, lang }: FieldTableProps) {
  const { t } = useTranslation('aicode');
  const set = (i: number, patch: Partial<ProposalField>) => {
    const next = fields.map((f, j) => {
      if (j !== i) return f;
      const out: ProposalField = { ...f, ...patch };
      for (const [k, v] of Object.entries(patch))
        if (v === undefined || v === '') delete (out as Record<string, unknown>)[k];
      // What the kind no longer allows goes with it.
      if (!LENGTH_KINDS.includes(out.type)) delete out.length;
      if (!DICT_KINDS.includes(out.type) || out.ref) delete out.dict;
      // Entries belong to the new dictionary they were typed for; another key, or another kind of value, drops them.
      if (!out.dict || out.dict !== f.dict || out.type !== f.type) delete out.dictEntries;
      if (out.ref && out.type !== 'integer') out.type = 'integer';
      if (out.search === 'range' && !RANGE_KINDS.includes(out.type)) delete out.search;
      if (out.type === 'json') delete out.search;
      return out;
    });
    onChange(
      next,
      patch.name !== undefined && patch.name !== fields[i].name ? { from: fields[i].name, to: patch.name } : undefined,
    );
  };
  const move = (i: number, by: number) => {
    const next = [...fields];
    const [f] = next.splice(i, 1);
    next.splice(i + by, 0, f);
    onChange(next);
  };
  const label = (f: ProposalField): Label =>
    typeof f.label === 'object' ? f.label : { ...emptyLabel(), 'zh-cn': f.label ?? '' };
  const bad = (i: number, column: string) => issues.get(i)?.get(column);
  const entityLabelFields = (prefix: string) =>
    entities
      .find((e) => shortPrefix(e.prefix) === prefix)
      ?.joinery?.fields.filter((f) => f.storage === 'string' && !f.secret)
      .map((f) => f.name) ?? [];

  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[1100px] border-collapse text-[13px]" data-testid="field-table">
        <thead>
          <tr className="bg-subtle text-left text-xs font-medium text-muted">
            <th className="px-1.5 py-2">{t('field.name')}</th>
            <th className="px-1.5 py-2">
              {t('field.label')} <span className="font-normal text-faint">简 / 繁 / EN</span>
            </th>
            <th className="px-1.5 py-2">{t('field.type')}</th>
            <th className="px-1.5 py-2 text-center">{t('field.required')}</th>
            <th className="px-1.5 py-2">{t('field.length')}</th>
            <th className="px-1.5 py-2">{t('field.dict')}</th>
            <th className="px-1.5 py-2">{t('field.ref')}</th>
            <th className="px-1.5 py-2">{t('field.search')}</th>
            <th className="px-1.5 py-2 text-center">{t('field.list')}</th>
            <th className="px-1.5 py-2 text-center">{t('field.sortable')}</th>
            <th className="px-1.5 py-2" />
          </tr>
        </thead>
        <tbody>
          {fields
            .map((f, i) => {
              const l = label(f);
              return (
                <tr key={i} data-field={f.name} className="group">
                  <td className={cell}>
                    <input
                      aria-label={t('field.nameOf', { n: i + 1 })}
                      className={input(!!bad(i, 'name'), 'w-28 font-mono text-[12px]')}
                      value={f.name}
                      onChange={(e) => set(i, { name: e.target.value.trim() })}
                    />
                  </td>
                  <td className={cell}>
                    <div className="flex gap-1">
                      {LANGS.map((lng) => (
                        <input
                          key={lng}
                          aria-label={`${t('field.label')} ${lng} (${f.name})`}
                          className={input(!!bad(i, 'label'), 'w-[5.5rem]')}
                          value={l[lng]}
                          placeholder={lng === 'en' ? 'English' : lng === 'zh-tw' ? '繁體' : '简体'}
                          onChange={(e) => set(i, { label: { ...l, [lng]: e.target.value } })}
                        />
                      ))}
                    </div>
                  </td>
                  <td className={cell}>
                    <SelectInput
                      aria-label={`${t('field.type')} (${f.name})`}
                      wrapperClassName="w-28"
                      className={bad(i, 'type') ? invalidInputClass : ''}
                      value={f.type}
                      onChange={(e) =>
                        set(i, {
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
                      onChange={(e) => set(i, { required: e.target.checked || undefined })}
                    />
                  </td>
                  <td className={cell}>
                    <input
                      aria-label={`${t('field.length')} (${f.name})`}
                      inputMode="numeric"
                      disabled={!LENGTH_KINDS.includes(f.type)}
                      className={input(!!bad(i, 'length'), 'w-20')}
                      value={f.length ?? ''}
                      placeholder={
                        LENGTH_KINDS.includes(f.type)
                          ? f.type === 'string'
                            ? '255'
                            : f.type === 'image'
                              ? '500'
                              : '20000'
                          : '—'
                      }
                      onChange={(e) =>
                        set(i, {
                          length:
                            e.target.value === ''
                              ? undefined
                              : /^\d+$/.test(e.target.value)
                                ? Number(e.target.value)
                                : f.length,
                        })
                      }
                    />
                  </td>
                  <td className={cell}>
                    <SelectInput
                      aria-label={`${t('field.dict')} (${f.name})`}
                      wrapperClassName="w-32"
                      className={bad(i, 'dict') ? invalidInputClass : ''}
                      disabled={!DICT_KINDS.includes(f.type) || !!f.ref}
                      value={f.dict ?? ''}
                      onChange={(e) =>
                        e.target.value === '\u0000new' ? onNewDict(i) : set(i, { dict: e.target.value || undefined })
                      }
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
                        className={bad(i, 'ref') ? invalidInputClass : ''}
                        value={f.ref?.entity ?? ''}
                        onChange={(e) => {
                          const entity = e.target.value;
                          const labels = entityLabelFields(entity);
                          set(i, {
                            ref: entity
                              ? {
                                  entity,
                                  ...(labels.includes('name')
                                    ? { label: 'name' }
                                    : labels[0]
                                      ? { label: labels[0] }
                                      : {}),
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
                            set(i, {
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
                      className={bad(i, 'search') ? invalidInputClass : ''}
                      value={f.search ?? ''}
                      disabled={f.type === 'json'}
                      onChange={(e) => set(i, { search: (e.target.value || undefined) as SearchKind | undefined })}
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
                        set(i, {
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
                      onChange={(e) => set(i, { sortable: e.target.checked || undefined })}
                    />
                  </td>
                  <td className={`${cell} whitespace-nowrap`}>
                    <button
                      type="button"
                      className={buttonClass.link}
                      disabled={i === 0}
                      onClick={() => move(i, -1)}
                      aria-label={t('field.up', { name: f.name })}
                      title={t('field.up', { name: f.name })}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className={buttonClass.link}
                      disabled={i === fields.length - 1}
                      onClick={() => move(i, 1)}
                      aria-label={t('field.down', { name: f.name })}
                      title={t('field.down', { name: f.name })}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className={buttonClass.linkDanger}
                      onClick={() => onChange(fields.filter((_, j) => j !== i))}
                    >
                      {t('field.remove')}
                    </button>
                  </td>
                </tr>
              );
            })
            .flatMap((row, i) => {
              const rowIssues = [...(issues.get(i)?.values() ?? [])];
              return rowIssues.length === 0
                ? [row]
                : [
                    row,
                    <tr key={`issues-${i}`}>
                      <td
                        colSpan={11}
                        className="border-b border-line bg-danger-soft/50 px-2 py-1 text-xs text-danger"
                        role="alert"
                        data-issues-of={fields[i].name}
                      >
                        {rowIssues.map((x) => x.message).join(' · ')}
                      </td>
                    </tr>,
                  ];
            })}
        </tbody>
      </table>
      <div className="flex items-center gap-2 px-1.5 py-2">
        <button
          type="button"
          className={buttonClass.default}
          onClick={() =>
            onChange([...fields, { name: `field${fields.length + 1}`, label: emptyLabel(), type: 'string' }])
          }
        >
          + {t('field.add')}
        </button>
        <span className="text-xs text-muted">{t('field.hint')}</span>
      </div>
    </div>
  );
}
