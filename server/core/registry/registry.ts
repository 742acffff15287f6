import type { Entity } from './entity-types.js';

/** The live set of entities. Routes, eps and screens read it at request time, so an entity registered while the server runs is live at once. */
export class Registry {
  private readonly byPrefix = new Map<string, Entity>();
  /** Bumped on every change; caches key on it. */
  version = 0;

  register(entity: Entity): void {
    const clash = this.all().find(
      (e) => e.prefix !== entity.prefix && (e.table === entity.table || e.className === entity.className),
    );
    if (clash)
      throw new Error(
        `${entity.origin}: table "${entity.table}" or class "${entity.className}" is already used by ${clash.origin}`,
      );
    this.byPrefix.set(entity.prefix, entity);
    this.version++;
  }

  /** Takes an entity out (a stored entity removed while the server runs); its routes answer 404 from then on. */
  unregister(prefix: string): void {
    if (this.byPrefix.delete(prefix)) this.version++;
  }

  get(prefix: string): Entity | undefined {
    return this.byPrefix.get(prefix);
  }

  all(): Entity[] {
    return [...this.byPrefix.values()];
  }

  /** Every x-ref must name a registered entity and one of its columns. */
  checkReferences(): void {
    for (const entity of this.all()) checkEntityReferences(entity, (prefix) => this.get(prefix));
  }
}

/** An entity's x-refs must name an entity `lookup` knows (or itself) and columns it has, none secret; throws naming the field. */
export function checkEntityReferences(entity: Entity, lookup: (prefix: string) => Entity | undefined): void {
  for (const r of entity.related) {
    const other = r.entity === entity.prefix ? entity : lookup(r.entity);
    const field = other?.fieldMap.get(r.field);
    if (!field?.search.includes('eq'))
      throw new Error(
        `${entity.origin}: x-related names ${r.entity}.${r.field}, which is not a field searched with eq of an entity`,
      );
  }
  for (const field of entity.fields) {
    const ref = field.schema['x-ref'];
    if (!ref) continue;
    const target = ref.entity === entity.prefix ? entity : lookup(ref.entity);
    const where = `${entity.origin}: field "${field.name}"`;
    if (!target) throw new Error(`${where}: x-ref names entity "${ref.entity}", which does not exist`);
    const named = [ref.key ?? 'id', ref.label ?? null, ...Object.values(ref.fields ?? {})];
    for (const alias of ref.columns ?? [])
      if (!Object.hasOwn(ref.fields ?? {}, alias))
        throw new Error(`${where}: x-ref.columns names "${alias}", which is not one of its fields`);
    for (const col of [
      ...named,
      ...(ref.detail ?? []),
      ...Object.keys(ref.match ?? {}),
      ...Object.keys(ref.offer ?? {}),
    ]) {
      if (col && !target.fieldMap.has(col))
        throw new Error(`${where}: x-ref names column "${col}", which ${ref.entity} does not have`);
      // A secret column (x-secret) never leaves its own entity: no join, picker label or key may read it.
      if (col && target.fieldMap.get(col)!.secret)
        throw new Error(`${where}: x-ref names column "${col}" of ${ref.entity}, which is secret (x-secret)`);
    }
  }
}
