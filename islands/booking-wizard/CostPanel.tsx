import { isPerHead, listingPrice } from '../../src/lib/pricing.js';
import type { WizardIslandProps } from '../../src/lib/booking-wizard.shared.js';
import { formatEuro as money } from '../../src/lib/money.js';

const percent = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 });

/** "Riepilogo Costi", recomputed with the shared pricing module as the participants change. */
export function CostPanel({ props, participants }: { props: WizardIslandProps; participants: number }) {
  const S = props.strings;
  const price = listingPrice(props.pricing, participants);
  const lines: { label: string; detail?: string; amount: string; kind: string }[] = [
    {
      label: S.costsBase!,
      detail: isPerHead(props.pricing.pricingUnit)
        ? (participants === 1 ? S.basePerHeadOne! : S.basePerHeadOther!)
            .replace('{price}', money(props.pricing.basePriceCents))
            .replace('{count}', String(participants))
        : undefined,
      amount: money(price.baseAmountCents),
      kind: 'line',
    },
    ...price.additionalCosts.map((c) => ({
      label: c.name,
      detail: c.type === 'percentage' ? S.percentageDescription!.replace('{rate}', percent.format(c.rate)) : undefined,
      amount: money(c.amountCents),
      kind: 'line',
    })),
  ];
  // A discount's figure, "10%" or "50 €", and its condition as the server writes it (src/pages/booking-costs.page.ts).
  const figure = (d: { type: string; rate: number }) => {
    const cents = Math.round(d.rate * 100);
    return d.type === 'percentage' ? `${percent.format(d.rate)}%` : money(cents, cents % 100 === 0 ? 0 : 2);
  };
  for (const d of price.discounts) {
    if (d.amountCents === 0) continue;
    lines.push({
      label: d.name ?? S.costsDiscount!,
      detail: d.minParticipants
        ? S.discountFrom!.replace('{amount}', figure(d)).replace('{count}', String(d.minParticipants))
        : d.type === 'percentage'
          ? S.percentageDescription!.replace('{rate}', percent.format(d.rate))
          : undefined,
      amount: `− ${money(d.amountCents)}`,
      kind: 'discount',
    });
  }
  for (const d of price.unmetDiscounts) {
    lines.push({
      label: S.discountCondition!.replace('{name}', d.name ?? S.costsDiscount!)
        .replace('{amount}', figure(d))
        .replace('{count}', String(d.minParticipants)),
      amount: S.discountNotYet!,
      kind: 'condition',
    });
  }
  lines.push(
    { label: S.costsNet!, amount: money(price.netAmountCents), kind: 'subtotal' },
    { label: S.vat!, amount: money(price.totalAmountCents - price.netAmountCents), kind: 'vat' },
    { label: S.costsTotal!, amount: money(price.totalAmountCents), kind: 'total' },
  );
  return (
    <aside className="card wizard-costs" aria-labelledby="costs-title">
      <h2 id="costs-title" className="card__title">
        {S.costsTitle}
      </h2>
      <dl className="cost-lines" aria-live="polite">
        {lines.map((line, i) => (
          <div key={i} className={`cost-lines__row cost-lines__row--${line.kind}`}>
            <dt>
              {line.label}
              {line.detail ? <span className="cost-lines__detail">{line.detail}</span> : null}
            </dt>
            <dd>{line.amount}</dd>
          </div>
        ))}
      </dl>
      <p className="field__hint">{S.costsTotalNote}</p>
      {props.listingType !== 'instant' ? <p className="field__hint">{S.costsEstimateNote}</p> : null}
    </aside>
  );
}
