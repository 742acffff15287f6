/** The down chevron of the console's pickers and selects (decorative: the control carries the name). */
export function Chevron({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 12 12" width="10" height="10" aria-hidden="true" className={className}>
      <path
        d="M2.5 4.5L6 8l3.5-3.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
