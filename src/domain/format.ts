// Intl.NumberFormat('fr-FR') groups thousands with U+202F and puts U+00A0 before '€'.
// Each formatter is built on its first use: building one loads the locale's data, which costs
// milliseconds a page that shows no amount should not pay while it starts.
function lazy(options: Intl.NumberFormatOptions): () => Intl.NumberFormat {
  let formatter: Intl.NumberFormat | undefined;
  return () => (formatter ??= new Intl.NumberFormat('fr-FR', options));
}

const euro = lazy({ style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
const euroCents = lazy({ style: 'currency', currency: 'EUR' });
const percent = lazy({ style: 'percent', maximumFractionDigits: 2 });

/** 6000 → '6 000 €' (whole euros). */
export function formatEuro(amount: number): string {
  return Number.isInteger(amount) ? euro().format(amount) : euroCents().format(amount);
}

/** 0.035 → '3,5 %'. */
export function formatPercent(rate: number): string {
  return percent().format(rate);
}
