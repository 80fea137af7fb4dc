/** What went wrong, announced as it appears; nothing while there is nothing to say. */
export function ErrorAlert({ message, className }: { message: string | null; className: string }) {
  return message ? (
    <p role="alert" className={`alert alert-error alert-soft ${className}`}>
      {message}
    </p>
  ) : null;
}
