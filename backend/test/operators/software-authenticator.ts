import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey authenticator in software, for the tests: an ES256 key made with node:crypto, its
 * attestation ('none') and assertions built byte by byte as WebAuthn lays them out (the
 * authenticator data: the RP id's hash, the flags, the signature counter, and at registration
 * the credential with its COSE key; the attestation object in CBOR), and signed as a browser's
 * authenticator signs them.
 */
export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  private userHandle = new Uint8Array();
  /** The signature counter the next assertion carries. */
  counter = 0;

  /**
   * True: the authenticator reports user presence but not user verification (a security key
   * without a PIN, a device whose unlock was skipped): flags 0x41 at registration, 0x01 at
   * sign-in.
   */
  presenceOnly = false;

  constructor(private readonly origin: string) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.publicJwk = { x: jwk.x!, y: jwk.y! };
  }

  get id(): string {
    return isoBase64URL.fromBuffer(new Uint8Array(this.credentialId));
  }

  private rpIdHash(rpId: string): Buffer {
    return createHash('sha256').update(rpId).digest();
  }

  private static counterBytes(counter: number): Buffer {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(counter);
    return bytes;
  }

  private clientData(type: string, challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The answer to a registration's options (PublicKeyCredentialCreationOptionsJSON). */
  register(
    options: {
      challenge: string;
      rp: { id?: string };
      user: { id: string };
    },
    overrides: { origin?: string } = {},
  ): Record<string, unknown> {
    this.userHandle = isoBase64URL.toBuffer(options.user.id);
    const cosePublicKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, isoBase64URL.toBuffer(this.publicJwk.x)],
        [-3, isoBase64URL.toBuffer(this.publicJwk.y)],
      ]),
    );
    const credentialIdLength = Buffer.alloc(2);
    credentialIdLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      this.rpIdHash(options.rp.id ?? new URL(this.origin).hostname),
      // User present, user verified (unless presence only), attested credential data.
      Buffer.from([this.presenceOnly ? 0x41 : 0x45]),
      SoftwareAuthenticator.counterBytes(this.counter),
      Buffer.alloc(16), // AAGUID
      credentialIdLength,
      this.credentialId,
      Buffer.from(cosePublicKey),
    ]);
    const attestation = new Map<string, string | Map<string, string> | Uint8Array>();
    attestation.set('fmt', 'none');
    attestation.set('attStmt', new Map<string, string>());
    attestation.set('authData', new Uint8Array(authData));
    const attestationObject = isoCBOR.encode(attestation);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(
          new Uint8Array(this.clientData('webauthn.create', options.challenge, overrides.origin)),
        ),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /**
   * The answer to a sign-in's options (PublicKeyCredentialRequestOptionsJSON), with the
   * counter it carries moved on by one unless `counter` says which.
   */
  assert(
    options: { challenge: string; rpId?: string },
    overrides: { counter?: number; origin?: string } = {},
  ): Record<string, unknown> {
    this.counter = overrides.counter ?? this.counter + 1;
    const authData = Buffer.concat([
      this.rpIdHash(options.rpId ?? new URL(this.origin).hostname),
      Buffer.from([this.presenceOnly ? 0x01 : 0x05]), // user present, user verified
      SoftwareAuthenticator.counterBytes(this.counter),
    ]);
    const clientData = this.clientData('webauthn.get', options.challenge, overrides.origin);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, createHash('sha256').update(clientData).digest()]),
      this.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        authenticatorData: isoBase64URL.fromBuffer(new Uint8Array(authData)),
        clientDataJSON: isoBase64URL.fromBuffer(new Uint8Array(clientData)),
        signature: isoBase64URL.fromBuffer(new Uint8Array(signature)),
        userHandle: isoBase64URL.fromBuffer(this.userHandle),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
