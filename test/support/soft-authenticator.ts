import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { encodeCbor, type CborValue } from './cbor.js';

/**
 * A software WebAuthn authenticator for the passkey tests: an ES256 key per credential made with
 * node:crypto, `none` attestation, authenticator data built byte by byte (RP ID hash, flags,
 * counter, attested credential data with the COSE key), and assertions signed over authenticator
 * data ‖ SHA-256(clientDataJSON), as a browser and a security key would send them. The server's
 * real @simplewebauthn/server verification checks all of it. Each answer can be bent (another
 * origin, challenge, counter or user handle) to drive the failure paths.
 */
export interface Credential {
  id: string;
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface Bend {
  origin?: string;
  challenge?: string;
  /** The counter to report (default: one more than the last). */
  counter?: number;
  userHandle?: string;
  userVerified?: boolean;
}

export class SoftAuthenticator {
  readonly credentials: Credential[] = [];

  constructor(
    readonly origin: string,
    readonly rpId: string,
  ) {}

  private clientData(type: string, challenge: string, bend: Bend): Buffer {
    const data = {
      type,
      challenge: bend.challenge ?? challenge,
      origin: bend.origin ?? this.origin,
      crossOrigin: false,
    };
    return Buffer.from(JSON.stringify(data), 'utf8');
  }

  private authData(flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(this.rpId), Buffer.from([flags]), count, attested ?? Buffer.alloc(0)]);
  }

  /** The answer of navigator.credentials.create() to the server's registration options. */
  register(options: { challenge: string; user: { id: string } }, bend: Bend = {}) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const credentialId = randomBytes(16);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, encodeCbor(cose)]);
    const counter = bend.counter ?? 0;
    const flags = UP | (bend.userVerified === false ? 0 : UV) | AT;
    const authData = this.authData(flags, counter, attested);
    const attestationObject = encodeCbor(
      new Map<string, CborValue>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, CborValue>()],
        ['authData', authData],
      ]),
    );
    const credential = { id: b64url(credentialId), privateKey, userHandle: options.user.id, counter };
    this.credentials.push(credential);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, bend)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** The answer of navigator.credentials.get() with `credential` (default: the last one made). */
  assert(options: { challenge: string }, credential = this.credentials.at(-1)!, bend: Bend = {}) {
    const counter = bend.counter ?? credential.counter + 1;
    credential.counter = Math.max(credential.counter, counter);
    const authData = this.authData(UP | (bend.userVerified === false ? 0 : UV), counter);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, bend);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: bend.userHandle ?? credential.userHandle,
      },
    };
  }
}
