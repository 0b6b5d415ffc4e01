import { ConfigError, loadConfig } from '../../src/config/config';

describe('admin configuration', () => {
  it('keeps a session 12 hours unless ADMIN_SESSION_TTL_MINUTES says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).adminSessionTtlMinutes).toBe(720);
    expect(
      loadConfig({ NODE_ENV: 'test', ADMIN_SESSION_TTL_MINUTES: '30' }).adminSessionTtlMinutes,
    ).toBe(30);
    for (const bad of ['0', '-5', '1.5', 'soon', '10081']) {
      expect(() => loadConfig({ NODE_ENV: 'test', ADMIN_SESSION_TTL_MINUTES: bad })).toThrow(
        ConfigError,
      );
      expect(() => loadConfig({ NODE_ENV: 'test', ADMIN_SESSION_TTL_MINUTES: bad })).toThrow(
        /ADMIN_SESSION_TTL_MINUTES/,
      );
    }
  });

  it('stops the boot in production without ADMIN_PASSWORD, and generates one elsewhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SANDBOX_PAYMENTS: 'true' })).toThrow(
      /ADMIN_PASSWORD/,
    );
    const first = loadConfig({ NODE_ENV: 'development' });
    const second = loadConfig({ NODE_ENV: 'development' });
    expect(first.adminPasswordGenerated).toBe(true);
    expect(first.adminPassword.length).toBeGreaterThanOrEqual(16);
    expect(first.adminPassword).not.toBe(second.adminPassword);
  });
});
