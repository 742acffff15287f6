/** Shared class lists of the generic screens' controls, so inputs, buttons and tags look the same everywhere. */

/** An input's look without its width (pagination and other inline controls size themselves). */
export const inputBaseClass =
  'h-8 min-w-0 rounded-md border border-line-strong bg-surface px-2.5 text-[13px] text-ink placeholder:text-faint ' +
  'transition-colors hover:border-primary-4 focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary-8 ' +
  'disabled:cursor-not-allowed disabled:bg-subtle disabled:text-muted [&[readonly]]:bg-subtle';

export const inputClass = `${inputBaseClass} w-full`;

export const invalidInputClass = 'border-danger hover:border-danger focus:border-danger focus:ring-danger-soft';

export const textareaClass = inputClass.replace('h-8', 'min-h-[72px] py-1.5 leading-5');

const buttonBase =
  'inline-flex h-8 shrink-0 items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-3 text-[13px] font-medium ' +
  'transition-colors disabled:cursor-not-allowed disabled:opacity-50';

export const buttonClass = {
  primary: `${buttonBase} bg-primary text-on-primary hover:bg-primary-hover active:bg-primary`,
  default: `${buttonBase} border border-line-strong bg-surface text-ink hover:border-primary-4 hover:text-primary`,
  danger: `${buttonBase} border border-danger/40 bg-surface text-danger hover:bg-danger-soft`,
  dangerSolid: `${buttonBase} bg-danger text-on-danger hover:opacity-90`,
  ghost: `${buttonBase} text-muted hover:bg-hover hover:text-ink`,
  link: 'inline-flex items-center gap-1 rounded px-1 text-[13px] font-medium text-primary hover:underline disabled:opacity-50',
  linkDanger:
    'inline-flex items-center gap-1 rounded px-1 text-[13px] font-medium text-danger hover:underline disabled:opacity-50',
  icon: 'inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-md border border-line-strong bg-surface text-muted hover:border-primary-4 hover:text-primary',
};

/** Tag colours of dictionary entries (DictEntry.color). */
export const tagTone: Record<string, string> = {
  primary: 'bg-primary-9 text-primary border-primary-7',
  success: 'bg-success-soft text-success border-success/30',
  warning: 'bg-warning-soft text-warning border-warning/30',
  danger: 'bg-danger-soft text-danger border-danger/30',
  info: 'bg-info-soft text-info border-info/30',
};

/** A tag without a colour: a kind, not a state (a product category, a gender), so nothing reads as good or bad. */
export const tagNeutral = 'bg-subtle text-ink border-line';

export const tagClass =
  'inline-flex max-w-full items-center truncate rounded border px-1.5 py-px text-xs leading-[18px]';
