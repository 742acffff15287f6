import type { SelectHTMLAttributes } from 'react';
import { inputBaseClass } from './ui-classes';
import { Chevron } from './chevron';

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
      <Chevron className="pointer-events-none absolute top-1/2 right-2.5 -translate-y-1/2 text-faint" />
    </span>
  );
}
