import { hashPassword } from '../auth/password.js';
import type { Entity } from '../registry/entity-types.js';
import type { Row } from '../db/row.js';

/** Secret password fields (x-secret with the password widget) are stored as scrypt hashes, never as typed. */
export async function hashPasswords(entity: Entity, row: Row): Promise<Row> {
  for (const field of entity.fields) {
    if (field.secret && field.schema['x-ui']?.widget === 'password' && typeof row[field.name] === 'string') {
      row[field.name] = await hashPassword(row[field.name] as string);
    }
  }
  return row;
}
