import { Link } from 'wouter';
import { ChatIcon, CloseIcon } from '../../ui/shell-icons';

/**
 * The floating help button, in its own landmark ('Aide'). Its own chunk: ./help-widget.tsx
 * downloads it only once it is to be shown (never under an open cookie banner, so never during a
 * first visit's first paint).
 */
export default function HelpButton({
  contactPath,
  onDismiss,
}: {
  contactPath: string;
  onDismiss: () => void;
}) {
  return (
    <aside
      aria-label="Aide"
      className="help-widget fixed bottom-4 right-4 z-30 flex items-center gap-1 print:hidden"
      data-testid="help-widget"
    >
      <Link href={contactPath} className="btn btn-primary rounded-full shadow-lg">
        <ChatIcon className="text-xl" /> Besoin d’aide&#x202f;?
      </Link>
      <button
        type="button"
        className="btn btn-circle btn-xs bg-base-100 shadow"
        aria-label="Masquer l’aide"
        onClick={onDismiss}
      >
        <CloseIcon />
      </button>
    </aside>
  );
}
