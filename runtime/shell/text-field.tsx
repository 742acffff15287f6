import type { InputHTMLAttributes, ReactNode } from 'react';

type Props = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string;
  addon?: ReactNode;
  icon?: ReactNode;
};

/** A labelled input with its validation message underneath. */
export function TextField({ label, error, addon, icon, id, className = '', ...input }: Props) {
  const fieldId = id ?? `f-${input.name}`;
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="mb-1.5 block text-[13px] font-medium text-ink">
        {label}
      </label>
      <div className="flex items-stretch gap-2">
        <div
          className={`flex h-10 flex-1 items-center rounded-md border bg-surface transition-colors focus-within:border-primary focus-within:ring-2 focus-within:ring-primary-8 ${error ? 'border-danger' : 'border-line-strong'}`}
        >
          {icon && <span className="pl-3 text-faint">{icon}</span>}
          <input
            id={fieldId}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${fieldId}-error` : undefined}
            className="h-full w-full min-w-0 rounded-md bg-transparent px-3 text-sm text-ink outline-none placeholder:text-faint"
            {...input}
          />
        </div>
        {addon}
      </div>
      <p id={`${fieldId}-error`} role={error ? 'alert' : undefined} className="mt-1 min-h-[18px] text-xs text-danger">
        {error}
      </p>
    </div>
  );
}
