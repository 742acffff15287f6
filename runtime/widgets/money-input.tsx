import { useState } from 'react';
import { centsToYuan, yuanToCents } from './money';
import { useValueChanged } from '../engine/use-value-changed';

type Props = {
  id: string;
  /** Integer cents (or text that is no amount yet, kept for the validator to flag). */
  value: unknown;
  onChange: (value: number | string | undefined) => void;
  className: string;
  aria?: Record<string, string | boolean | undefined>;
  readOnly?: boolean;
  disabled?: boolean;
  onBlur?: () => void;
  onFocus?: () => void;
};

/**
 * THE money input (SPEC §9: money is integer cents, typed and shown in yuan): the form's money widget and every money
 * cell of nested data (a SKU's price) are this one input. What is typed is yuan ("12.99"); what the form holds is
 * cents (1299); text that is no amount with at most 2 decimals is handed on as text, so the validator names it.
 */
export function MoneyInput({ id, value, onChange, className, aria, readOnly, disabled, onBlur, onFocus }: Props) {
  const shown =
    typeof value === 'number' ? centsToYuan(value) : value === undefined || value === null ? '' : String(value);
  const [text, setText] = useState(shown);
  // Only an outside change of the value (not our own typing) resets the text.
  if (useValueChanged(value) && yuanToCents(text) !== value) setText(shown);
  return (
    <div className="relative min-w-0">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-[13px] text-muted"
      >
        ¥
      </span>
      <input
        id={id}
        name={id}
        inputMode="decimal"
        autoComplete="off"
        className={`${className} pl-6 tabular-nums`}
        value={text}
        readOnly={readOnly}
        disabled={disabled}
        placeholder="0.00"
        {...aria}
        onChange={(e) => {
          setText(e.target.value);
          const cents = yuanToCents(e.target.value);
          onChange(e.target.value.trim() === '' ? undefined : (cents ?? e.target.value));
        }}
        onBlur={() => {
          if (typeof value === 'number') setText(centsToYuan(value));
          onBlur?.();
        }}
        onFocus={onFocus}
      />
    </div>
  );
}
