import type { ReactNode } from 'react';

/** One demo: what it shows in a sentence, the live part, and the value it holds (for whoever builds with it). */
export function DemoFrame({ hint, children, value }: { hint: string; children: ReactNode; value?: unknown }) {
  return (
    <div className="flex flex-col gap-3" data-testid="demo">
      <p className="text-[13px] text-muted">{hint}</p>
      <div>{children}</div>
      {value !== undefined && (
        <pre
          className="max-h-32 overflow-auto rounded-md bg-subtle px-3 py-2 font-mono text-[12px] text-muted"
          data-testid="demo-value"
        >
          {JSON.stringify(value, null, 2)}
        </pre>
      )}
    </div>
  );
}
