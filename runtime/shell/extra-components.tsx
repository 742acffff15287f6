import { extraComponents, type RuntimeModule } from '../modules/registry';

/** SPEC §2: the enabled modules' index components, beside the routed view, in their order. */
export function ExtraComponents({ modules }: { modules: readonly RuntimeModule[] }) {
  return (
    <div data-testid="extra-components" className="contents">
      {extraComponents(modules).map(({ name, index: Index }) => (
        <div key={name} data-extra-module={name} className="contents">
          {Index && <Index />}
        </div>
      ))}
    </div>
  );
}
