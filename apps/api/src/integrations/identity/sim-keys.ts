import { randomBytes } from 'node:crypto';
import {
  exportJWK,
  generateKeyPair,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';

const ALG = 'RS256';

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

/**
 * The identity simulator's signing keys. The newest signs; the one before it stays in the
 * published key set, so tokens signed just before a rotation still verify, as with a real issuer.
 */
export class SimKeyRing {
  readonly algorithm = ALG;
  private keys: SigningKey[] = [];
  private first: Promise<void> | undefined;

  /** Makes a new signing key and retires all but the previous one. */
  async rotate(): Promise<string> {
    const { privateKey, publicKey } = await generateKeyPair(ALG);
    const kid = randomBytes(9).toString('base64url');
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' };
    this.keys = [{ kid, privateKey, publicJwk }, ...this.keys].slice(0, 2);
    return kid;
  }

  /** Key generation is slow enough to make lazily: most test apps never sign anything. */
  private ready() {
    this.first ??= this.rotate().then(() => undefined);
    return this.first;
  }

  async jwks(): Promise<{ keys: JWK[] }> {
    await this.ready();
    return { keys: this.keys.map((key) => key.publicJwk) };
  }

  async sign(claims: JWTPayload): Promise<string> {
    await this.ready();
    const [current] = this.keys;
    if (!current) throw new Error('no signing key');
    return new SignJWT(claims)
      .setProtectedHeader({ alg: ALG, kid: current.kid, typ: 'JWT' })
      .sign(current.privateKey);
  }
}
