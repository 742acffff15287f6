import { Icon } from './icons';

/** A square header tool: an icon with its label as tooltip and accessible name. */
export function IconButton({
  icon,
  label,
  onClick,
  testId,
  pressed,
}: {
  icon: string;
  label: string;
  onClick: () => void;
  testId?: string;
  pressed?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      data-testid={testId}
      aria-pressed={pressed}
      className="flex h-8 w-8 items-center justify-center rounded-md text-muted transition-colors hover:bg-hover hover:text-ink"
    >
      <Icon name={icon} size={17} />
    </button>
  );
}
