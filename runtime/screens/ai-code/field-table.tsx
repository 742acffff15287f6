import { useTranslation } from 'react-i18next';
import type { EpsEntry } from '../../engine/eps';
import { DICT_KINDS, LENGTH_KINDS, RANGE_KINDS } from './field-rules';
import { FieldRow } from './field-row';
import { buttonClass } from '../../widgets/ui-classes';
import { emptyLabel, type Issue, type ProposalField } from './proposal-state';

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
  const bad = (i: number, column: string) => issues.get(i)?.get(column);

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
            .map((f, i) => (
              <FieldRow
                key={i}
                f={f}
                i={i}
                count={fields.length}
                bad={(column) => bad(i, column)}
                set={(patch) => set(i, patch)}
                move={(by) => move(i, by)}
                remove={() => onChange(fields.filter((_, j) => j !== i))}
                dicts={dicts}
                onNewDict={() => onNewDict(i)}
                entities={entities}
                lang={lang}
              />
            ))
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
