import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../engine/use-list-state';
import { buttonClass, inputBaseClass } from '../../widgets/ui-classes';
import { SelectInput } from '../../widgets/select-input';

type Props = {
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
};

/** Page numbers around the current one, with gaps: 1 … 4 5 [6] 7 8 … 20. */
export function pageWindow(page: number, pages: number): (number | 'gap')[] {
  const out: (number | 'gap')[] = [];
  const from = Math.max(2, page - 2);
  const to = Math.min(pages - 1, page + 2);
  out.push(1);
  if (from > 2) out.push('gap');
  for (let p = from; p <= to; p++) out.push(p);
  if (to < pages - 1) out.push('gap');
  if (pages > 1) out.push(pages);
  return out;
}

export function PaginationBar({ page, size, total, onPage, onSize }: Props) {
  const { t } = useTranslation('entity');
  const pages = Math.max(1, Math.ceil(total / size));
  const [jump, setJump] = useState('');
  const go = (p: number) => onPage(Math.min(pages, Math.max(1, p)));
  const num = 'h-7 min-w-7 rounded-md px-1.5 text-[13px] tabular-nums transition-colors';
  return (
    <nav
      className="flex flex-wrap items-center justify-end gap-x-3 gap-y-2 border-t border-line px-4 py-2.5 text-[13px] text-muted"
      aria-label={t('page.label')}
    >
      <span data-testid="page-total">{t('page.total', { total })}</span>
      <SelectInput
        wrapperClassName="w-auto"
        className="h-7"
        value={size}
        onChange={(e) => onSize(Number(e.target.value))}
        aria-label={t('page.size')}
      >
        {(PAGE_SIZES.includes(size as (typeof PAGE_SIZES)[number])
          ? [...PAGE_SIZES]
          : [...PAGE_SIZES, size].sort((a, b) => a - b)
        ).map((s) => (
          <option key={s} value={s}>
            {t('page.perPage', { size: s })}
          </option>
        ))}
      </SelectInput>
      <div className="flex items-center gap-1">
        <button
          type="button"
          className={`${num} hover:bg-hover disabled:opacity-40`}
          disabled={page <= 1}
          onClick={() => go(page - 1)}
          aria-label={t('page.prev')}
        >
          ‹
        </button>
        {pageWindow(Math.min(page, pages), pages).map((p, i) =>
          p === 'gap' ? (
            <span key={`g${i}`} className="px-1 text-faint">
              …
            </span>
          ) : (
            <button
              key={p}
              type="button"
              onClick={() => go(p)}
              aria-current={p === page ? 'page' : undefined}
              className={`${num} ${p === page ? 'bg-primary font-medium text-on-primary' : 'text-ink hover:bg-hover'}`}
            >
              {p}
            </button>
          ),
        )}
        <button
          type="button"
          className={`${num} hover:bg-hover disabled:opacity-40`}
          disabled={page >= pages}
          onClick={() => go(page + 1)}
          aria-label={t('page.next')}
        >
          ›
        </button>
      </div>
      <form
        className="flex items-center gap-1.5"
        onSubmit={(e) => {
          e.preventDefault();
          if (jump) go(Number(jump));
          setJump('');
        }}
      >
        <span>{t('page.goto')}</span>
        <input
          className={`${inputBaseClass} h-7 w-12 px-1 text-center`}
          inputMode="numeric"
          value={jump}
          onChange={(e) => setJump(e.target.value.replace(/\D/g, ''))}
          aria-label={t('page.goto')}
        />
        <button type="submit" className={`${buttonClass.ghost} h-7 px-2`} hidden>
          {t('page.goto')}
        </button>
      </form>
    </nav>
  );
}
