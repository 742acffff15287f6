/** A database or wire row: column name → value. */
export type Row = Record<string, unknown>;

/** A request body or query as a row: anything that is not a plain object becomes {}. */
export const asRow = (v: unknown): Row => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Row) : {});
