import type { SelectHTMLAttributes } from 'react';
import { inputBaseClass } from './ui-classes';

/** A native select (keyboard and screen readers for free) drawn like our inputs, with a quiet chevron. */
export function SelectInput({
  className = '',
  wrapperClassName = 'w-full',
  children,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & { wrapperClassName?: string }) {
  return (
    <span className={`relative inline-flex min-w-0 ${wrapperClassName}`}>
      <select {...rest} className={`${inputBaseClass} w-full cursor-pointer appearance-none pr-7 ${className}`}>
        {children}
      </select>
      <svg
        viewBox="0 0 12 12"
        width="10"
        height="10"
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-2.5 -translate-y-1/2 text-faint"
      >
        <path
          d="M2.5 4.5L6 8l3.5-3.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </span>
  );
}
