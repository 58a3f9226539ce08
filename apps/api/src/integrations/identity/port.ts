/** A person as the national digital identity vouches for them. */
export interface VerifiedPerson {
  subject: string;
  name: string;
}

export class IdentityError extends Error {}

/** OpenID Connect authorisation-code flow against the national identity provider. */
export interface IdentityProvider {
  /** The URL to send the browser to; PKCE, `state` and `nonce` belong to this one sign-in. */
  authorizationUrl(input: { state: string; nonce: string; redirectUri: string }): Promise<string>;
  /**
   * Exchanges the code the browser brought back for a verified id_token; throws
   * IdentityError when anything is off. `iss` is the issuer the response names, if any.
   */
  exchange(input: {
    code: string;
    state: string;
    iss?: string;
    nonce: string;
    redirectUri: string;
  }): Promise<VerifiedPerson>;
}
