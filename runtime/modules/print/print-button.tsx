import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useBuiltinPlugins } from '../../engine/builtin-plugins';
import { buttonClass } from '../../widgets/ui-classes';
import { printNode, usePrintAvailable, type PaperOptions } from './print';

/**
 * "Print / save as PDF" for a block of the page: on the paper the print plugin is set to (its settings). Absent
 * while the print plugin is off.
 */
export function PrintButton({
  target,
  title,
  disabled,
  onBefore,
}: {
  target: RefObject<HTMLElement | null>;
  title: string;
  disabled?: boolean;
  onBefore?: () => boolean;
}) {
  const { t } = useTranslation('plugin');
  const available = usePrintAvailable();
  const config = (useBuiltinPlugins().config('print') ?? {}) as PaperOptions;
  const [busy, setBusy] = useState(false);
  if (!available) return null;
  return (
    <button
      type="button"
      className={buttonClass.primary}
      disabled={busy || disabled}
      data-testid="print-button"
      onClick={() => {
        if (onBefore && !onBefore()) return;
        if (!target.current) return;
        setBusy(true);
        void printNode(target.current, { paper: config.paper, landscape: config.landscape, title }).finally(() =>
          setBusy(false),
        );
      }}
    >
      {t('demo.print.print')}
    </button>
  );
}

/** The paper the print plugin is set to, as the demos say it. */
export function usePaperLabel(): string {
  const { t } = useTranslation('plugin');
  const config = (useBuiltinPlugins().config('print') ?? {}) as PaperOptions;
  return t('demo.print.paper', {
    paper: config.paper ?? 'A4',
    orientation: config.landscape ? t('demo.print.landscape') : t('demo.print.portrait'),
  });
}
