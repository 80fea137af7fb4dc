import { Link } from 'wouter';
import { requestPasswordReset } from '../api/email-links';
import { AuthLayout } from '../components/auth-layout';
import { EmailRequestForm } from '../components/email-request-form';

/**
 * /mot-de-passe-oublie: asks for a reset link. The server answers the same whether or not the
 * address has an account, so the page shows its answer as it is.
 */
export default function ForgotPasswordPage() {
  return (
    <AuthLayout
      title="Mot de passe oublié"
      lead={
        'Indiquez l’adresse e-mail de votre compte\u00a0: nous vous envoyons un lien pour choisir un nouveau mot de passe. Il reste valable une heure.'
      }
      footer={
        <Link href="/signin" className="link link-primary">
          Retour à la connexion
        </Link>
      }
    >
      <EmailRequestForm id="forgot" submitLabel="Recevoir le lien" send={requestPasswordReset} />
    </AuthLayout>
  );
}
