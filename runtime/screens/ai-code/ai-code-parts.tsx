import type { ReactNode } from 'react';

/** One numbered step of the AI-code page. */
export function Step({
  n,
  title,
  hint,
  children,
  aside,
  testId,
}: {
  n: number;
  title: string;
  hint?: string;
  children: ReactNode;
  aside?: ReactNode;
  testId: string;
}) {
  return (
    <section className="min-w-0 rounded-lg border border-line bg-surface shadow-panel" data-testid={testId}>
      <header className="flex items-center gap-3 border-b border-line px-5 py-3">
        <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-on-primary">
          {n}
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="text-[15px] font-semibold text-ink">{title}</h2>
          {hint && <p className="mt-0.5 text-xs text-muted">{hint}</p>}
        </div>
        {aside}
      </header>
      <div className="px-5 py-4">{children}</div>
    </section>
  );
}

/** A labelled part of a step, with its issue under it. */
export function Field({
  label,
  issue,
  children,
  required,
  htmlFor,
}: {
  label: string;
  issue?: string;
  children: ReactNode;
  required?: boolean;
  htmlFor?: string;
}) {
  return (
    <div className="grid content-start gap-1 text-[13px]">
      <label htmlFor={htmlFor} className="text-muted">
        {required && <span className="mr-0.5 text-danger">*</span>}
        {label}
      </label>
      {children}
      {issue && (
        <span className="text-xs text-danger" role="alert">
          {issue}
        </span>
      )}
    </div>
  );
}
