import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from './ui-classes';

export type Command = 'bold' | 'italic' | 'underline' | 'insertUnorderedList';

const COMMANDS: { cmd: Command; glyph: string; cls: string }[] = [
  { cmd: 'bold', glyph: 'B', cls: 'font-bold' },
  { cmd: 'italic', glyph: 'I', cls: 'italic' },
  { cmd: 'underline', glyph: 'U', cls: 'underline' },
  { cmd: 'insertUnorderedList', glyph: '•', cls: '' },
];

/**
 * The rich text editor's toolbar, as the WAI-ARIA APG toolbar pattern: one Tab stop (the last button used), ←→ Home
 * End move between its buttons, Enter or Space runs one. Each command is a toggle button named by what it does (the
 * glyph is only its picture) and pressed while it applies to the selection. A mouse press does not take focus from
 * the editable area, so the selection stays where it was.
 */
export function RichTextToolbar({
  controls,
  disabled,
  active,
  onCommand,
  source,
  onSource,
}: {
  controls: string;
  /** The commands cannot run (a read-only field, or the HTML source is shown). */
  disabled: boolean;
  active: Partial<Record<Command, boolean>>;
  onCommand: (command: Command) => void;
  /** Whether the HTML source is shown, and the switch between it and the visual editor (the last item). */
  source: boolean;
  onSource: () => void;
}) {
  const { t } = useTranslation('entity');
  const bar = useRef<HTMLDivElement>(null);
  const [chosen, setChosen] = useState(0);
  const items = () => [...(bar.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])];
  // The Tab stop: the button used last, or the source switch while the commands are disabled.
  const stop = disabled ? COMMANDS.length : chosen;

  return (
    <div
      ref={bar}
      role="toolbar"
      aria-label={t('richtext.toolbar')}
      aria-controls={controls}
      className="flex flex-1 items-center gap-0.5"
      onFocus={(e) => {
        const at = [...(bar.current?.querySelectorAll('button') ?? [])].indexOf(
          e.target as Element as HTMLButtonElement,
        );
        if (at >= 0) setChosen(at);
      }}
      onKeyDown={(e) => {
        const list = items();
        const at = list.indexOf(document.activeElement as HTMLButtonElement);
        if (at < 0) return;
        const next =
          e.key === 'ArrowRight'
            ? (at + 1) % list.length
            : e.key === 'ArrowLeft'
              ? (at + list.length - 1) % list.length
              : e.key === 'Home'
                ? 0
                : e.key === 'End'
                  ? list.length - 1
                  : -1;
        if (next < 0) return;
        e.preventDefault();
        list[next].focus();
      }}
    >
      {COMMANDS.map((c, i) => (
        <button
          key={c.cmd}
          type="button"
          disabled={disabled}
          aria-label={t(`richtext.${c.cmd}`)}
          aria-pressed={!!active[c.cmd]}
          title={t(`richtext.${c.cmd}`)}
          tabIndex={i === stop ? 0 : -1}
          className={`h-6 w-7 rounded text-[13px] hover:bg-hover hover:text-ink disabled:opacity-40 ${active[c.cmd] ? 'bg-primary-9 text-primary' : 'text-muted'} ${c.cls}`}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onCommand(c.cmd)}
        >
          <span aria-hidden="true">{c.glyph}</span>
        </button>
      ))}
      <span className="flex-1" />
      <button
        type="button"
        className={`${buttonClass.link} text-xs`}
        tabIndex={stop === COMMANDS.length ? 0 : -1}
        onClick={onSource}
      >
        {source ? t('richtext.visual') : t('richtext.source')}
      </button>
    </div>
  );
}
