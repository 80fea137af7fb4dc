import { callbackText } from '../../../domain/staff';

/** The 48-hour promise, counted down: 'à rappeler avant mardi 14 h', in red once late. */
export function Callback({ createdAt }: { createdAt: string }) {
  const { text, overdue } = callbackText(createdAt);
  return (
    <span className={overdue ? 'font-semibold text-error' : 'text-base-content/80'}>
      {overdue ? (
        <span className="badge badge-error mr-2 text-error-content">En retard</span>
      ) : null}
      {text.charAt(0).toUpperCase() + text.slice(1)}
    </span>
  );
}

/** 'Marie Curie', or a badge saying nobody has the record yet. */
export function HunterName({ name }: { name: string | null }) {
  return name ? (
    <span>{name}</span>
  ) : (
    <span className="badge badge-outline border-warning-content/40">Non attribué</span>
  );
}
