import type { components } from '../api-schema';

type Schemas = components['schemas'];

/** Who is signed in and what the role may do (GET /api/admin/session, and every sign-in). */
export type AdminSessionAnswer = Schemas['AdminSessionDto'];
export type SessionOperator = Schemas['SessionOperatorDto'];
export type Role = SessionOperator['role'];
export type Permission = NonNullable<AdminSessionAnswer['permissions']>[number];
/** The roles an invitation or a change of role gives: there is one owner, the password's. */
export type InvitedRole = Schemas['InviteOperatorRequestDto']['role'];

export type Account = Schemas['AccountDto'];
export type Invitation = Schemas['InvitationDto'];
export type Operator = Schemas['OperatorDto'];
export type OperatorSession = Schemas['OperatorSessionDto'];
