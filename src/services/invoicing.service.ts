import { findClientInvoicing } from '../models/clients/read.js';
import type { ClientInvoicing } from '../models/clients/row.js';
import { updateClientInvoicing } from '../models/clients/write.js';
import { findProviderBilling, type ProviderInvoiceRecipient } from '../models/providers/read.js';
import { updateProviderBilling } from '../models/providers/write.js';
import { validateClientBilling, validateProviderBilling } from '../validators/profile/billing.validator.js';
import type { FormErrors } from '../validators/validate.js';

export type { ClientInvoicing } from '../models/clients/row.js';

/**
 * Invoicing data: a client says how it receives electronic invoices before any booking of its is
 * confirmed (the provider must be able to invoice it); a provider gives the IBAN its clients pay by transfer,
 * and where it receives SicurHub's commission invoices (a codice destinatario or a PEC, or neither).
 */

export interface Owner {
  id: string;
  userType: 'client' | 'provider';
}

/** The "Fatturazione" tab's saved data. */
export type Billing =
  | { kind: 'client'; invoicing: ClientInvoicing }
  | ({ kind: 'provider'; iban: string | null } & ProviderInvoiceRecipient);

export async function loadBilling(owner: Owner): Promise<Billing> {
  if (owner.userType === 'provider') return { kind: 'provider', ...(await findProviderBilling(owner.id)) };
  return { kind: 'client', invoicing: await findClientInvoicing(owner.id) };
}

/** A client can be invoiced once it chose a channel (choosing "neither" is an answer too: the SDI default). */
export function canBeInvoiced(data: ClientInvoicing): boolean {
  if (data.channel === 'sdi') return data.sdiCode !== null;
  if (data.channel === 'pec') return data.pec !== null;
  return data.channel === 'none';
}

/** Saves a client's invoicing data given in the booking wizard (checked there as the Fatturazione tab checks it). */
export async function saveClientInvoicing(
  clientId: string,
  invoicing: ClientInvoicing & { channel: NonNullable<ClientInvoicing['channel']> },
): Promise<void> {
  await updateClientInvoicing(clientId, invoicing);
}

type SaveResult = { ok: true } | { ok: false; values: Record<string, unknown>; errors: FormErrors };

/** Saves the "Fatturazione" tab of a profile (the profile exists: the profile service made it). */
export async function saveBilling(owner: Owner, body: Record<string, unknown>): Promise<SaveResult> {
  if (owner.userType === 'provider') {
    const result = validateProviderBilling(body);
    if (!result.ok) return { ok: false, values: body, errors: result.errors };
    await updateProviderBilling(owner.id, result.value);
    return { ok: true };
  }
  const result = validateClientBilling(body);
  if (!result.ok) return { ok: false, values: body, errors: result.errors };
  await updateClientInvoicing(owner.id, result.value);
  return { ok: true };
}
