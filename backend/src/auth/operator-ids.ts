import type { ParameterRule } from '../common/parameter-rule';

/** An operator's id in a path: `owner` (the password login) or an invited operator's UUID. */
export const OPERATOR_ID: ParameterRule = {
  maxLength: 36,
  pattern: /^(?:owner|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/,
  shape: "an operator's id (`owner` or a UUID)",
};

/** An operator session's id in a path (a UUID). */
export const ADMIN_SESSION_ID: ParameterRule = {
  maxLength: 36,
  pattern: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  shape: "an operator session's id (a UUID)",
};

/** A passkey's credential id in a path (base64url, as WebAuthn names it: at most 1023 bytes). */
export const PASSKEY_ID: ParameterRule = {
  maxLength: 1364,
  pattern: /^[A-Za-z0-9_-]+$/,
  shape: "a passkey's credential id (base64url)",
};
