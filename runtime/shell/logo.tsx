/** The Joinery mark: a joint of two pieces, in the theme colour. */
export function Logo({ size = 30 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" className="shrink-0">
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path d="M9 9h8v5h-3v9H9z" fill="white" opacity="0.95" />
      <path d="M19 9h4v14h-7v-5h3z" fill="white" opacity="0.7" />
    </svg>
  );
}
