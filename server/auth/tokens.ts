import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';
import type { TokenPayload } from '../../src/domain/auth.schema';
import { isRoleCode } from '../../src/domain/role-names';
import type { RoleCode } from '../../src/domain/roles';
import type { Db } from '../db/database';

/** Lifetime of a session token. */
export const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
const ALGORITHM = 'HS256';

export interface Session {
  userId: string;
  roles: RoleCode[];
  jti: string;
  exp: number;
  /** The account's session version when the token was issued (users.repo.ts setPassword). */
  sessionVersion: number;
}

/** Who a token is for: the account id, its roles and its current session version. */
export interface TokenSubject {
  id: string;
  roles: RoleCode[];
  sessionVersion: number;
}

export class TokenService {
  constructor(
    private readonly db: Db,
    private readonly secret: Uint8Array,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * A signed token carrying exp (seconds), the numeric roles, the session version, the account
   * id and a token id: what authorising a call needs, and nothing personal (no e-mail, phone or
   * address: a token travels in headers and logs). The client gets the user itself with it.
   */
  async issue(subject: TokenSubject): Promise<{ token: string; payload: TokenPayload }> {
    const iat = Math.floor(this.now() / 1000);
    const payload: TokenPayload = {
      sub: subject.id,
      jti: randomUUID(),
      iat,
      exp: iat + TOKEN_TTL_SECONDS,
      roles: subject.roles,
      sv: subject.sessionVersion,
    };
    const token = await new SignJWT({ roles: payload.roles, sv: payload.sv })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(payload.sub)
      .setJti(payload.jti)
      .setIssuedAt(iat)
      .setExpirationTime(payload.exp)
      .sign(this.secret);
    return { token, payload };
  }

  /**
   * Checks signature, algorithm (HS256 only: 'none' and others are refused), expiry and
   * revocation. Undefined for any token that does not pass.
   */
  async verify(token: string): Promise<Session | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        algorithms: [ALGORITHM],
        currentDate: new Date(this.now()),
        requiredClaims: ['exp', 'sub', 'jti'],
      });
      const roles = Array.isArray(payload.roles) ? payload.roles.filter(isRoleCode) : [];
      if (!payload.sub || !payload.jti || payload.exp === undefined) return undefined;
      if (typeof payload.sv !== 'number' || !Number.isInteger(payload.sv)) return undefined;
      const revoked = await this.db
        .selectFrom('revoked_token')
        .select('jti')
        .where('jti', '=', payload.jti)
        .executeTakeFirst();
      if (revoked) return undefined;
      return {
        userId: payload.sub,
        roles,
        jti: payload.jti,
        exp: payload.exp,
        sessionVersion: payload.sv,
      };
    } catch (error) {
      if (error instanceof errors.JOSEError) return undefined;
      throw error;
    }
  }

  /** Signs a token out until it would have expired; old entries are cleared on the way. */
  async revoke(session: Session): Promise<void> {
    const nowSeconds = Math.floor(this.now() / 1000);
    await this.db.deleteFrom('revoked_token').where('expires_at', '<', nowSeconds).execute();
    await this.db
      .insertInto('revoked_token')
      .values({ jti: session.jti, expires_at: session.exp })
      .onConflict((oc) => oc.column('jti').doNothing())
      .execute();
  }
}
