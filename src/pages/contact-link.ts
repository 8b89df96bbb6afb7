/** mailto: with a subject, or tel:, so "Contatta Fornitore" always does something real. */
export function contactLink(p: { contactEmail: string | null; phone: string | null; accountEmail: string }, subject: string): string {
  if (p.contactEmail) return `mailto:${encodeURIComponent(p.contactEmail).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}`;
  if (p.phone) return `tel:${p.phone.replace(/[^\d+]/g, '')}`;
  return `mailto:${encodeURIComponent(p.accountEmail).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}`;
}
