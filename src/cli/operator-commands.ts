import { createOperator } from '../services/operators.service.js';

/**
 * `npm run operator:create -- <email>`: a new operator, who belongs to no organisation, and the one-time
 * link (valid an hour, like a password reset's) with which they choose their password; at the first
 * sign-in the console asks them to turn on two-factor sign-in. Returns the exit code; the database must
 * be open.
 */
export async function operatorCreate(
  args: string[],
  out: { stdout: (s: string) => void; stderr: (s: string) => void },
): Promise<number> {
  const email = args.find((a) => !a.startsWith('--'));
  if (!email) {
    out.stderr('Usage: npm run operator:create -- <email>\n');
    return 2;
  }
  const result = await createOperator(email);
  if (!result.ok) {
    out.stderr(
      result.reason === 'invalid' ? `Not an email address: ${email}\n` : `An account with email ${email} exists\n`,
    );
    return 1;
  }
  out.stdout(
    `Operator ${result.email} created.\nSet the password within an hour at:\n  ${result.link}\n` +
      'Then sign in and turn on two-factor sign-in: /admin asks for it.\n',
  );
  return 0;
}
