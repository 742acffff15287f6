import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../engine/request';
import { entityApi } from '../../engine/entity-api';
import { toast } from '../../shell/toast';
import { buttonClass, inputClass, invalidInputClass, textareaClass } from '../../widgets/ui-classes';
import { DialogFrame } from '../entity/dialog-frame';

/** Entries typed one per line as `value name` (or just a name: values are then numbered from 1). */
export function parseEntries(text: string): { value: string | number; name: string }[] {
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
  return lines.map((line, i) => {
    const m = /^(\S+)\s+(.+)$/.exec(line);
    if (!m) return { value: i + 1, name: line };
    return { value: /^-?\d+$/.test(m[1]) ? Number(m[1]) : m[1], name: m[2].trim() };
  });
}

/**
 * Creates a dictionary (type and entries) for a field from the AI-code page, so a field's values and the dictionary
 * cannot disagree. The dictionary is saved at once (it is an ordinary dictionary, edited later on its own screen).
 */
export function NewDictDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (key: string) => void }) {
  const { t } = useTranslation('aicode');
  const [key, setKey] = useState('');
  const [name, setName] = useState('');
  const [entries, setEntries] = useState('1 启用\n0 停用');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const create = async () => {
    const list = parseEntries(entries);
    const next: Record<string, string> = {};
    if (!/^[a-zA-Z][a-zA-Z0-9_-]{0,59}$/.test(key)) next.key = t('dict.badKey');
    if (!name.trim()) next.name = t('issue.required');
    if (list.length === 0) next.entries = t('dict.noEntries');
    const values = list.map((e) => String(e.value));
    if (new Set(values).size !== values.length) next.entries = t('dict.duplicateValue');
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      const created = await entityApi('dict/type').add({ key, name: name.trim() });
      for (const [i, e] of list.entries()) {
        await entityApi('dict/info').add({ typeId: created.id, name: e.name, value: String(e.value), orderNum: i + 1 });
      }
      toast.success(t('dict.created', { key }));
      onCreated(key);
    } catch (e) {
      if (e instanceof RequestError && e.details?.length) setErrors(Object.fromEntries(e.details.map((d) => [d.path.replace(/^\//, ''), d.message])));
      toast.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <DialogFrame open onOpenChange={(o) => { if (!o && !busy) onClose(); }} title={t('dict.title')} testId="new-dict-dialog" width="max-w-md"
      footer={(
        <>
          <button type="button" className={buttonClass.default} onClick={onClose} disabled={busy}>{t('action.cancel')}</button>
          <button type="button" className={buttonClass.primary} onClick={() => void create()} disabled={busy}>{t('dict.create')}</button>
        </>
      )}>
      <div className="grid gap-3 text-[13px]">
        <label className="grid gap-1">
          <span className="text-muted">{t('dict.key')}</span>
          <input className={`${inputClass} font-mono ${errors.key ? invalidInputClass : ''}`} value={key} onChange={(e) => setKey(e.target.value.trim())} placeholder="supplierStatus" />
          {errors.key && <span className="text-xs text-danger">{errors.key}</span>}
        </label>
        <label className="grid gap-1">
          <span className="text-muted">{t('dict.name')}</span>
          <input className={`${inputClass} ${errors.name ? invalidInputClass : ''}`} value={name} onChange={(e) => setName(e.target.value)} />
          {errors.name && <span className="text-xs text-danger">{errors.name}</span>}
        </label>
        <label className="grid gap-1">
          <span className="text-muted">{t('dict.entries')}</span>
          <textarea rows={5} className={`${textareaClass} font-mono ${errors.entries ? invalidInputClass : ''}`} value={entries} onChange={(e) => setEntries(e.target.value)} />
          <span className={`text-xs ${errors.entries ? 'text-danger' : 'text-muted'}`}>{errors.entries ?? t('dict.entriesHint')}</span>
        </label>
      </div>
    </DialogFrame>
  );
}
