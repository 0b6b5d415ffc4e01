/** What the operators' request bodies share; each body is in its use case's folder. */

/** A challenge's id, as the ceremonies' options answer it. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The longest operator name and email the API takes. */
export const OPERATOR_NAME_MAX = 100;
export const OPERATOR_EMAIL_MAX = 254;

/** An empty body: the ceremony's options need nothing from the browser. */
export class EmptyRequestDto {}

/** A WebAuthn answer of the browser, as a body's field documents it. */
export const WEBAUTHN_RESPONSE = {
  type: 'object',
  additionalProperties: true,
  example: {
    id: 'credential-id',
    rawId: 'credential-id',
    type: 'public-key',
    response: {},
    clientExtensionResults: {},
  },
  description:
    "The browser's answer as @simplewebauthn/browser gives it (its JSON form: id, rawId, type, response, clientExtensionResults).",
} as const;
