import { Link } from 'wouter';
import { company } from '../../../domain/company';
import { Eyebrow, HomeIcon, KeyIcon, MailIcon } from '../../../ui';
import { Illustration } from '../../../ui/illustration';

export default function AccessDeniedPage() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 pb-20 pt-28 text-center sm:px-6 lg:pt-36">
      <Illustration name="help-lock" className="w-48 sm:w-60" load="eager" />
      <Eyebrow className="mt-6">Accès réservé</Eyebrow>
      <h1 className="mt-3 text-4xl font-semibold sm:text-5xl">Accès refusé</h1>
      <p className="mt-5 text-lg text-base-content/75">
        Cette page est réservée à d’autres comptes&nbsp;: l’espace client aux acquéreurs inscrits,
        l’espace de gestion aux équipes {company.brand}. Connectez-vous avec le compte qui convient
        ou, si vous pensez qu’il s’agit d’une erreur, contactez-nous.
      </p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Link href="/" className="btn btn-primary">
          <HomeIcon /> Retour à l’accueil
        </Link>
        <Link href="/signin" className="btn btn-outline btn-primary">
          <KeyIcon /> Se connecter
        </Link>
        <Link href="/contact" className="btn btn-ghost">
          <MailIcon /> Nous contacter
        </Link>
      </div>
    </section>
  );
}
