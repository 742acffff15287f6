import { useTranslation } from 'react-i18next';
import { IconPicker } from '../../widgets/icon-picker';
import { labelOf } from '../../widgets/label-of';
import { SelectInput } from '../../widgets/select-input';
import { inputClass, invalidInputClass } from '../../widgets/ui-classes';
import { Field, Step } from './ai-code-parts';
import { PERMISSIONS } from './proposal-state';
import type { AiCode } from './use-ai-code';

/** Step 4: the entity's place in the menu (parent, route, order, icon) and the permissions it gets. */
export function PlaceStep({ ai }: { ai: AiCode }) {
  const { t } = useTranslation('aicode');
  const { parts, draft, update, opts, lang } = ai;
  return (
    <Step n={4} testId="ai-place" title={t('place.title')} hint={t('place.hint')}>
      <div className="grid gap-4 md:grid-cols-4">
        <Field label={t('place.parent')} required issue={parts.get('menu.parent')} htmlFor="ai-parent">
          <SelectInput
            id="ai-parent"
            value={draft.menu.parent}
            className={parts.get('menu.parent') ? invalidInputClass : ''}
            onChange={(e) => update({ menu: { ...draft.menu, parent: e.target.value } })}
          >
            <option value="">—</option>
            {opts?.parents.map((p) => (
              <option key={p.key} value={p.key}>
                {'\u3000'.repeat(p.depth)}
                {labelOf(p.name, lang)}
              </option>
            ))}
          </SelectInput>
        </Field>
        <Field label={t('place.router')} required issue={parts.get('menu.router')} htmlFor="ai-router">
          <input
            id="ai-router"
            className={`${inputClass} font-mono ${parts.get('menu.router') ? invalidInputClass : ''}`}
            value={draft.menu.router}
            placeholder="/shop/supplier"
            onChange={(e) => {
              ai.routerTouched.current = true;
              update({ menu: { ...draft.menu, router: e.target.value.trim() } });
            }}
          />
        </Field>
        <Field label={t('place.orderNum')} required issue={parts.get('menu.orderNum')} htmlFor="ai-order">
          <input
            id="ai-order"
            inputMode="numeric"
            className={`${inputClass} ${parts.get('menu.orderNum') ? invalidInputClass : ''}`}
            value={draft.menu.orderNum}
            onChange={(e) => update({ menu: { ...draft.menu, orderNum: e.target.value.trim() } })}
          />
        </Field>
        <Field label={t('place.icon')} required issue={parts.get('menu.icon')} htmlFor="ai-icon">
          <IconPicker
            id="ai-icon"
            value={draft.menu.icon}
            invalid={!!parts.get('menu.icon')}
            onChange={(icon) => update({ menu: { ...draft.menu, icon } })}
          />
        </Field>
      </div>
      <fieldset className="mt-4">
        <legend className="mb-1.5 text-[13px] text-muted">
          <span className="mr-0.5 text-danger">*</span>
          {t('place.permissions')}
        </legend>
        <div className="flex flex-wrap gap-4">
          {PERMISSIONS.map((p) => (
            <label key={p} className="inline-flex items-center gap-1.5 text-[13px] text-ink">
              <input
                type="checkbox"
                className="h-3.5 w-3.5 accent-primary"
                checked={draft.permissions.includes(p)}
                onChange={(e) =>
                  update({
                    permissions: e.target.checked
                      ? PERMISSIONS.filter((x) => x === p || draft.permissions.includes(x))
                      : draft.permissions.filter((x) => x !== p),
                  })
                }
              />
              {t(`permission.${p}`)} <span className="font-mono text-xs text-faint">{p}</span>
            </label>
          ))}
        </div>
        {parts.get('permissions') && (
          <p className="mt-1 text-xs text-danger" role="alert">
            {parts.get('permissions')}
          </p>
        )}
      </fieldset>
    </Step>
  );
}
