import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DictEntry } from '../../../server/modules/base/coding/proposal/proposal-types';
import { buttonClass, inputClass, invalidInputClass, textareaClass } from '../../widgets/ui-classes';
import { DialogFrame } from '../entity/dialog-frame';

/** Entries typed one per line as `value name` (or just a name: values are then numbered from 1). */
export function parseEntries(text: string): { value: string | number; name: string }[] {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.map((line, i) => {
    const m = /^(\S+)\s+(.+)$/.exec(line);
    if (!m) return { value: i + 1, name: line };
    return { value: /^-?\d+$/.test(m[1]) ? Number(m[1]) : m[1], name: m[2].trim() };
  });
}

const entriesText = (entries: DictEntry[]) =>
  entries.map((e) => `${e.value} ${typeof e.name === 'string' ? e.name : e.name['zh-cn']}`).join('\n');

export type NewDict = { key: string; entries: DictEntry[] };

/**
 * A new dictionary for a field of the proposal: its key and entries travel with the proposal (the field's
 * dictEntries, x-dict-entries in the schema) and the apply creates the dictionary in its own transaction, named after
 * the field — nothing is saved before the entity is, and a failed apply leaves no dictionary behind.
 */
export function NewDictDialog({
  fieldType,
  fieldLabel,
  existing,
  initial,
  onClose,
  onDone,
}: {
  fieldType: 'string' | 'integer';
  fieldLabel: string;
  existing: string[];
  initial?: NewDict;
  onClose: () => void;
  onDone: (dict: NewDict) => void;
}) {
  const { t } = useTranslation('aicode');
  const [key, setKey] = useState(initial?.key ?? '');
  const [entries, setEntries] = useState(
    initial ? entriesText(initial.entries) : fieldType === 'integer' ? '1 启用\n0 停用' : 'on 启用\noff 停用',
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  const done = () => {
    const list = parseEntries(entries);
    const next: Record<string, string> = {};
    if (!/^[a-zA-Z][a-zA-Z0-9_]{0,59}$/.test(key)) next.key = t('dict.badKey');
    else if (existing.includes(key)) next.key = t('dict.exists', { key });
    if (list.length === 0) next.entries = t('dict.noEntries');
    else if (fieldType === 'integer' && list.some((e) => typeof e.value !== 'number'))
      next.entries = t('dict.integerValue');
    const values = list.map((e) => String(e.value));
    if (new Set(values).size !== values.length) next.entries = t('dict.duplicateValue');
    setErrors(next);
    if (Object.keys(next).length) return;
    onDone({
      key,
      entries: list.map((e) => ({ value: fieldType === 'integer' ? e.value : String(e.value), name: e.name })),
    });
  };

  return (
    <DialogFrame
      open
      onOpenChange={(o) => {
        if (!o) onClose();
      }}
      title={t('dict.title')}
      testId="new-dict-dialog"
      width="max-w-md"
      footer={
        <>
          <button type="button" className={buttonClass.default} onClick={onClose}>
            {t('action.cancel')}
          </button>
          <button type="button" className={buttonClass.primary} onClick={done}>
            {t('dict.use')}
          </button>
        </>
      }
    >
      <div className="grid gap-3 text-[13px]">
        <label className="grid gap-1">
          <span className="text-muted">{t('dict.key')}</span>
          <input
            className={`${inputClass} font-mono ${errors.key ? invalidInputClass : ''}`}
            value={key}
            onChange={(e) => setKey(e.target.value.trim())}
            placeholder="supplierStatus"
          />
          {errors.key && <span className="text-xs text-danger">{errors.key}</span>}
        </label>
        <label className="grid gap-1">
          <span className="text-muted">{t('dict.entries')}</span>
          <textarea
            rows={5}
            className={`${textareaClass} font-mono ${errors.entries ? invalidInputClass : ''}`}
            value={entries}
            onChange={(e) => setEntries(e.target.value)}
          />
          <span className={`text-xs ${errors.entries ? 'text-danger' : 'text-muted'}`}>
            {errors.entries ?? t('dict.entriesHint')}
          </span>
        </label>
        <p className="text-xs text-muted">{t('dict.withApply', { label: fieldLabel })}</p>
      </div>
    </DialogFrame>
  );
}
