/**
 * How the door names a person: the server's doorHandleOf (backend registrations/domain/
 * door-handle.ts), derived here from a scanned ticket's registration id to find its row in the
 * door list, which carries handles and never ids. The first 16 bytes of SHA-256 over a door-only
 * prefix and the id, base64url. The shared ticket vectors hold the two derivations equal.
 *
 * WebCrypto's digest needs a secure context, as the camera that scans tickets does (HTTPS, or
 * localhost); a check-in by name needs no derivation at all.
 */
const PREFIX = 'dream-darkroom door handle:';

export async function doorHandleOf(registrationId: string): Promise<string> {
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(`${PREFIX}${registrationId}`),
  );
  let binary = '';
  for (const byte of new Uint8Array(digest).subarray(0, 16)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
