import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, SystemTables } from '../db/database.js';
import type { Row } from '../db/row.js';
import { formatDateTime, nowText } from '../db/time.js';
import { sessionExpired, unauthorized, type AppError } from '../errors.js';
import type { RequestUser } from '../crud/context.js';
import { signJwt, verifyJwt, type AdminClaims } from './jwt.js';
import { loadAccessRights, type AccessRights } from './access-rights.js';
import { SharedVersion } from './rights-version.js';

export type TokenPair = { expire: number; token: string; refreshExpire: number; refreshToken: string };

export type AuthOptions = {
  secret: string;
  accessTtl: number;
  refreshTtl: number;
  /** The clock of the session cache and of the check of other processes' changes (ms; default Date.now; tests move it). */
  now?: () => number;
};

const SESSIONS = 'base_sys_session';
/** How long after a rotation the previous refresh token is still exchanged (for the chain's current one): README, §0. */
export const REFRESH_GRACE_SECONDS = 30;
const USERS = 'base_sys_user';

/** Issues, checks, rotates and revokes admin tokens. Access rights are cached per user until a permission-relevant write. */
export class AuthService {
  private rightsCache = new Map<number, AccessRights>();
  /** Recently checked sessions: sid → stored facts, kept briefly so each request does not read two rows. */
  private sessionCache = new Map<string, { userId: number; username: string; passwordV: number; until: number }>();
  /** How long a checked session is trusted without reading it again. Changes made through this process apply at once;
   * this only bounds how late a revocation made by another server process on the same database is seen. */
  private static readonly SESSION_CACHE_MS = 1000;
  /** The version row shared with other processes on the same database (rights-version.ts). */
  private readonly shared: SharedVersion;

  private readonly now: () => number;

  constructor(
    private readonly database: Database,
    private readonly options: AuthOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.shared = new SharedVersion(database, this.now, () => {
      this.rightsCache.clear();
      this.sessionCache.clear();
    });
  }

  private get db() {
    return this.database.db;
  }

  /** Forget cached rights (after role, menu, user-role or department changes). */
  invalidateRights(): void {
    this.rightsCache.clear();
    this.sessionCache.clear();
    this.shared.tell();
  }

  async rights(userId: number): Promise<AccessRights> {
    let r = this.rightsCache.get(userId);
    if (!r) {
      r = await loadAccessRights(this.database.db, userId);
      this.rightsCache.set(userId, r);
    }
    return r;
  }

  private sign(user: Row, roleIds: number[], sid: string, jti: string): TokenPair {
    const base = {
      roleIds,
      username: String(user.username),
      userId: Number(user.id),
      passwordVersion: Number(user.passwordV),
      sid,
    };
    return {
      expire: this.options.accessTtl,
      token: signJwt({ ...base, isRefresh: false }, this.options.secret, this.options.accessTtl),
      refreshExpire: this.options.refreshTtl,
      refreshToken: signJwt({ ...base, isRefresh: true, jti }, this.options.secret, this.options.refreshTtl),
    };
  }

  /** Opens a session for a user who proved their password. */
  async openSession(user: Row): Promise<TokenPair> {
    const rights = await this.rights(Number(user.id));
    const sid = randomUUID();
    const jti = randomUUID();
    const now = nowText();
    await this.db
      .insertInto(SESSIONS)
      .values({
        sid,
        userId: Number(user.id),
        refreshJti: jti,
        revoked: 0,
        expireTime: formatDateTime(new Date(Date.now() + this.options.refreshTtl * 1000)),
        createTime: now,
        updateTime: now,
      })
      .execute();
    return this.sign(user, rights.roleIds, sid, jti);
  }

  /**
   * Exchanges a refresh token for a new pair. A refresh token used again revokes its session (reuse detection),
   * except the one just rotated away, within REFRESH_GRACE_SECONDS of its rotation: two tabs of one browser that
   * refresh at the same moment both send it, and the later one gets the chain's current refresh token (no second
   * rotation) instead of ending the session for both.
   */
  async refresh(refreshToken: unknown): Promise<TokenPair> {
    const claims = verifyJwt(refreshToken, this.options.secret);
    if (!claims?.isRefresh || !claims.jti) throw sessionExpired();
    const session = await this.db.selectFrom(SESSIONS).selectAll().where('sid', '=', claims.sid).executeTakeFirst();
    if (!session || Number(session.revoked) === 1) throw sessionExpired();
    if (session.refreshJti !== claims.jti) return this.refreshAgain(claims, session);
    const user = await this.activeUser(claims);
    if (!user) throw sessionExpired();
    const jti = randomUUID();
    const now = new Date();
    const rotated = await this.db
      .updateTable(SESSIONS)
      .set({
        refreshJti: jti,
        prevRefreshJti: claims.jti,
        prevRefreshUntil: formatDateTime(new Date(now.getTime() + REFRESH_GRACE_SECONDS * 1000)),
        updateTime: formatDateTime(now),
      })
      .where('sid', '=', claims.sid)
      .where('refreshJti', '=', claims.jti)
      .executeTakeFirst();
    if (Number(rotated.numUpdatedRows) !== 1) {
      // Another request rotated this very token a moment ago: the same as arriving second.
      const current = await this.db.selectFrom(SESSIONS).selectAll().where('sid', '=', claims.sid).executeTakeFirst();
      if (!current || Number(current.revoked) === 1) throw sessionExpired();
      return this.refreshAgain(claims, current);
    }
    this.rightsCache.delete(Number(user.id));
    const rights = await this.rights(Number(user.id));
    return this.sign(user, rights.roleIds, claims.sid, jti);
  }

  /** A refresh token that is not the session's current one: the grace case, or reuse (the session ends for everyone). */
  private async refreshAgain(claims: AdminClaims, session: Row): Promise<TokenPair> {
    const inGrace =
      session.prevRefreshJti === claims.jti &&
      typeof session.prevRefreshUntil === 'string' &&
      formatDateTime(new Date()) <= session.prevRefreshUntil;
    if (inGrace) {
      const user = await this.activeUser(claims);
      if (!user) throw sessionExpired();
      const rights = await this.rights(Number(user.id));
      return this.sign(user, rights.roleIds, claims.sid, String(session.refreshJti));
    }
    // Reuse of a rotated token: someone else holds the chain. End it for both.
    await this.db
      .updateTable(SESSIONS)
      .set({ revoked: 1, updateTime: nowText() })
      .where('sid', '=', claims.sid)
      .execute();
    this.sessionCache.delete(claims.sid);
    throw sessionExpired();
  }

  private async activeUser(claims: AdminClaims): Promise<Row | undefined> {
    const user = await this.db
      .selectFrom(USERS)
      .select(['id', 'username', 'passwordV', 'status'])
      .where('id', '=', claims.userId)
      .executeTakeFirst();
    if (!user || Number(user.status) !== 1 || Number(user.passwordV) !== claims.passwordVersion) return undefined;
    return user;
  }

  /**
   * Who presents this Authorization value. `user` is absent when there is no valid token; `error` says why a
   * well-signed token is refused (revoked session, stale password version, disabled user, refresh token used as access).
   */
  /** Tokens whose signature was checked (a token is its own key: the same bytes verify the same way). */
  private readonly verifiedTokens = new Map<string, AdminClaims>();

  /** verifyJwt, remembering good tokens so a busy session does not pay an HMAC per call; expiry is checked every time. */
  private verified(token: unknown): AdminClaims | undefined {
    const known = typeof token === 'string' ? this.verifiedTokens.get(token) : undefined;
    if (known) return known.exp * 1000 > Date.now() ? known : undefined;
    const claims = verifyJwt(token, this.options.secret);
    if (claims) {
      if (this.verifiedTokens.size >= 10_000) this.verifiedTokens.clear();
      this.verifiedTokens.set(token as string, claims);
    }
    return claims;
  }

  /**
   * authenticate without waiting, when all it needs is at hand: a verified access token, a session checked within
   * SESSION_CACHE_MS, the user's rights cached, and no check of the other processes due. Undefined otherwise (the
   * caller then awaits authenticate, which reads what is missing); never a different answer than authenticate's.
   */
  authenticateNow(token: unknown): { user?: RequestUser } | undefined {
    if (token === undefined || token === '') return {};
    if (this.shared.due()) return undefined;
    const claims = this.verified(token);
    if (!claims) return {};
    if (claims.isRefresh) return undefined;
    const cached = this.cachedSession(claims);
    const rights = this.rightsCache.get(claims.userId);
    if (!cached || !rights) return undefined;
    return { user: { id: claims.userId, username: cached.username, ...rights } };
  }

  /** The session of these claims as checked within SESSION_CACHE_MS, if it still matches them. */
  private cachedSession(claims: AdminClaims) {
    const cached = this.sessionCache.get(claims.sid);
    return cached &&
      cached.until > this.now() &&
      cached.userId === claims.userId &&
      cached.passwordV === claims.passwordVersion
      ? cached
      : undefined;
  }

  async authenticate(token: unknown): Promise<{ user?: RequestUser; error?: AppError; refreshAsAccess?: boolean }> {
    if (token === undefined || token === '') return {};
    const claims = this.verified(token);
    if (!claims) return {};
    if (claims.isRefresh) return { error: sessionExpired(), refreshAsAccess: true };
    await this.shared.follow();
    const cached = this.cachedSession(claims);
    if (cached) {
      return { user: { id: claims.userId, username: cached.username, ...(await this.rights(claims.userId)) } };
    }
    const session = await this.db
      .selectFrom(SESSIONS)
      .select(['revoked', 'userId'])
      .where('sid', '=', claims.sid)
      .executeTakeFirst();
    if (!session || Number(session.revoked) === 1 || Number(session.userId) !== claims.userId)
      return { error: unauthorized() };
    const user = await this.activeUser(claims);
    if (!user) return { error: sessionExpired() };
    const rights = await this.rights(claims.userId);
    if (this.sessionCache.size > 10_000) this.sessionCache.clear();
    this.sessionCache.set(claims.sid, {
      userId: claims.userId,
      username: String(user.username),
      passwordV: Number(user.passwordV),
      until: this.now() + AuthService.SESSION_CACHE_MS,
    });
    return { user: { id: claims.userId, username: String(user.username), ...rights } };
  }

  /**
   * Ends every session of a user (logout, disable, delete). Inside a write transaction pass its executor: SQLite has
   * one connection, so a second one would wait for the transaction forever.
   */
  async revokeUser(userId: number, executor: Kysely<SystemTables> = this.database.db): Promise<void> {
    await executor
      .updateTable(SESSIONS)
      .set({ revoked: 1, updateTime: nowText() })
      .where('userId', '=', userId)
      .where('revoked', '=', 0)
      .execute();
    this.rightsCache.delete(userId);
    for (const [sid, s] of this.sessionCache) if (s.userId === userId) this.sessionCache.delete(sid);
    this.shared.tell();
  }
}
