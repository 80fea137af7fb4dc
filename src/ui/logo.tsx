import type { Brand } from '../domain/brand';

/** Brand mark: a roof and a keyhole for Chassimmo, a lamp arc for homestylz. */
export function Logo({ brand, inverted = false }: { brand: Brand; inverted?: boolean }) {
  const ink = inverted ? 'text-white' : brand === 'main' ? 'text-primary' : 'text-neutral';
  if (brand === 'homestylz') {
    return (
      <span className={`inline-flex items-center gap-2 ${ink}`}>
        <svg viewBox="0 0 32 32" width="30" height="30" aria-hidden="true">
          <circle cx="16" cy="16" r="15" fill="currentColor" opacity="0.12" />
          <path
            d="M8 22c0-6 3.6-11 8-11s8 5 8 11"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
          />
          <circle cx="16" cy="8" r="2.2" fill="currentColor" />
          <path d="M6 22h20" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
        <span className="font-display text-2xl font-semibold lowercase tracking-tight">
          homestylz
        </span>
      </span>
    );
  }
  return (
    <span className={`inline-flex items-center gap-2 ${ink}`}>
      <svg viewBox="0 0 32 32" width="30" height="30" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path
          d="M6 15L16 7l10 8"
          fill="none"
          stroke={inverted ? '#173f5f' : '#fff'}
          strokeWidth="2.4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="16" cy="17.5" r="3" fill="#b7863f" />
        <path d="M15 19.5h2l.6 5h-3.2z" fill="#b7863f" />
      </svg>
      <span className="font-display text-2xl font-semibold tracking-tight">Chassimmo</span>
    </span>
  );
}
