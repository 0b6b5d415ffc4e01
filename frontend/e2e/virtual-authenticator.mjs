// A passkey device for a browser test: Chromium's virtual authenticator, through the DevTools
// protocol's WebAuthn domain. It behaves as a phone's or laptop's built-in authenticator does
// (CTAP2, internal, discoverable credentials, user verification that always succeeds), so the
// page's navigator.credentials.create() and .get() answer without a prompt.

/**
 * Adds a virtual authenticator to `page` (its own, for as long as the page lives); answers its
 * credentials and a way to remove it.
 */
export async function addVirtualAuthenticator(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    authenticatorId,
    /** The passkeys the device holds: their ids, whether discoverable, their sign counts. */
    async credentials() {
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      return credentials;
    },
    async remove() {
      await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
      await cdp.detach();
    },
  };
}
