/** A database or wire row: column name → value. */
export type Row = Record<string, unknown>;
