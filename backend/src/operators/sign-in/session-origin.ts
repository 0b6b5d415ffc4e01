import type { Request } from 'express';
import { deviceName } from '../../auth/device-name';
import type { AppConfig } from '../../config/config';
import { clientIdentityOf } from '../../security/client-identity';

/** Where a request comes from, as a session keeps it: the device and the client's address. */
export function sessionOrigin(
  request: Request,
  config: AppConfig,
): { device: string; address: string } {
  return {
    device: deviceName(request.headers['user-agent']),
    address: clientIdentityOf(request, config.clientIpv6PrefixLength),
  };
}
