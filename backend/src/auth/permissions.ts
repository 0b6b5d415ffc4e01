/**
 * Who may do what in the Command Center, written once: each role's permissions. Every admin
 * route names the permission it needs (@AdminOnly), the guard checks it against this table, the
 * OpenAPI document states it (x-permissions), and GET /api/admin/session answers the role's list.
 */
export const ROLES = ['owner', 'box-office', 'door'] as const;
export type Role = (typeof ROLES)[number];

/** The roles an invitation or a change of role may give: there is one owner, the password's. */
export const OPERATOR_ROLES = ['box-office', 'door'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const PERMISSIONS = [
  /** The registrations: list, detail, history, the operator's changes to one, the feed. */
  'registrations',
  /** Cancelling or deleting a registration, which refunds a payment. */
  'refunds',
  /** The CSV export. */
  'exports',
  /** The tour: its editing and its history. */
  'tour',
  /** The performers' sheet. */
  'sheet',
  /** The door: the door list, check-ins, no-shows, the counts. */
  'door',
  /** The operators: invitations, roles, suspensions, sessions, erasure. */
  'operators',
  /** The accounts: the money per stop and slot, and its CSV. */
  'accounts',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  owner: PERMISSIONS,
  'box-office': ['registrations', 'refunds', 'exports', 'tour', 'sheet', 'door', 'accounts'],
  door: ['door'],
};

/** Whether `role` holds at least one of `needed` (a route lists the permissions that admit it). */
export function roleAllows(role: Role, needed: readonly Permission[]): boolean {
  return needed.some((permission) => ROLE_PERMISSIONS[role].includes(permission));
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** The owner's id wherever an operator's id is asked for: the password login. */
export const OWNER_ID = 'owner';
export const OWNER_NAME = 'Owner';
