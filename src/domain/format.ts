// Intl.NumberFormat('fr-FR') groups thousands with U+202F and puts U+00A0 before '€'.
const euro = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
});
const euroCents = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const percent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 2 });

/** 6000 → '6 000 €' (whole euros). */
export function formatEuro(amount: number): string {
  return Number.isInteger(amount) ? euro.format(amount) : euroCents.format(amount);
}

/** 0.035 → '3,5 %'. */
export function formatPercent(rate: number): string {
  return percent.format(rate);
}
