import { callbackText } from '../../../domain/staff';

/**
 * The 48-hour promise, counted down: « À rappeler avant samedi 28 novembre, 14 h »; once late, in
 * red, « [En retard] depuis le … » (the badge starts the sentence).
 */
export function Callback({ createdAt }: { createdAt: string }) {
  const { text, overdue } = callbackText(createdAt);
  return <DueWords text={text} overdue={overdue} />;
}

/** A due moment in words (src/domain/french-date.ts `dueText`), the « En retard » badge once late. */
export function DueWords({ text, overdue }: { text: string; overdue: boolean }) {
  return (
    <span className={overdue ? 'font-semibold text-error' : 'text-base-content/80'}>
      {overdue ? (
        <>
          <span className="badge badge-error text-error-content">En retard</span>{' '}
          {text.replace(/^en retard /, '')}
        </>
      ) : (
        text.charAt(0).toUpperCase() + text.slice(1)
      )}
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
