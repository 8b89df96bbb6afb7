import { columnsOf } from '../../db/columns.js';

// The users table: the people who sign in; what they act for is an organisation (models/organisations/).

export interface User {
  id: string;
  email: string;
  passwordHash: string;
  companyName: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  emailVerifiedAt: Date | null;
  lastLoginAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  company_name: string | null;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  /** An operator suspended the person (they cannot sign in); null when not. */
  suspended_at: Date | null;
  email_verified_at: Date | null;
  last_login_at: Date | null;
  /** The second factor (models/users/two-factor.ts): the sealed TOTP secret, when enabled, the last step used. */
  totp_secret: string | null;
  totp_enabled_at: Date | null;
  totp_last_step: number | null;
  created_at: Date;
  updated_at: Date;
}

export const USER_COLUMNS = columnsOf<UserRow>({
  id: 'text',
  email: 'text',
  password_hash: 'text',
  company_name: 'text',
  first_name: 'text',
  last_name: 'text',
  phone: 'text',
  suspended_at: 'timestamp',
  email_verified_at: 'timestamp',
  last_login_at: 'timestamp',
  totp_secret: 'text',
  totp_enabled_at: 'timestamp',
  totp_last_step: 'number',
  created_at: 'timestamp',
  updated_at: 'timestamp',
});

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    companyName: row.company_name,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    emailVerifiedAt: row.email_verified_at,
    lastLoginAt: row.last_login_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
