import { Component, type ReactNode } from 'react';

interface State {
  failed: boolean;
}

/**
 * Keeps the header and footer on screen when a page cannot be shown, most often because its
 * code could not be downloaded (no signal, or a new version replaced the old files).
 */
export class RouteErrorBoundary extends Component<
  { children: ReactNode; resetKey: string },
  State
> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('Page impossible à afficher', error);
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    // Navigating elsewhere gives the next page its chance.
    if (previous.resetKey !== this.props.resetKey && this.state.failed)
      this.setState({ failed: false });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="mx-auto max-w-xl px-4 pb-20 pt-32 text-center">
        <h1 className="text-3xl font-semibold">Cette page n’a pas pu s’afficher</h1>
        <p className="mt-4 text-base-content/75">
          La connexion est peut-être interrompue, ou une nouvelle version du site vient d’être mise
          en ligne. Rechargez la page&nbsp;: ce que vous avez saisi dans nos formulaires est
          conservé.
        </p>
        <button
          type="button"
          className="btn btn-primary mt-6"
          onClick={() => window.location.reload()}
        >
          Recharger la page
        </button>
      </div>
    );
  }
}
