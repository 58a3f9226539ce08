/** A person as the national digital identity vouches for them. */
export interface VerifiedPerson {
  subject: string;
  name: string;
}

export class IdentityError extends Error {}

/** OpenID Connect authorisation-code flow against the national identity provider. */
export interface IdentityProvider {
  authorizationUrl(input: { state: string; nonce: string; redirectUri: string }): Promise<string>;
  /** Exchanges the code for a verified id_token; throws IdentityError when anything is off. */
  exchange(input: { code: string; nonce: string; redirectUri: string }): Promise<VerifiedPerson>;
}
