import { useMemo, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { z } from 'zod';
import { changePasswordSchema } from '../../../domain/auth.schema';
import { withConfirmation } from '../../../domain/password';
import { homeOf } from '../../../domain/roles';
import {
  profileUpdateSchema,
  type ProfileUpdate,
  type ProfileUpdateInput,
  type User,
} from '../../../domain/user.schema';
import { notify } from '../../../lib/toast';
import { IconCircle } from '../../../ui';
import { LockIcon, UserIcon } from '../../../ui/account-icons';
import { AccountPage } from '../../../ui/account-page';
import { useSchemaForm } from '../../../ui/form/schema-form';
import { changePassword, updateProfile } from '../api/account';
import {
  fieldBinder,
  FormAlert,
  PASSWORD_RULES_HINT,
  PasswordField,
  SubmitButton,
  TextField,
} from '../components/fields';
import { signIn, updateUser } from '../session.actions';
import { useSession } from '../session.store';

function profileOf(user: Pick<User, keyof ProfileUpdate> | null): ProfileUpdateInput {
  return {
    lastname: user?.lastname ?? '',
    firstname: user?.firstname ?? '',
    phone: user?.phone ?? '',
    address: user?.address ?? '',
    childrenCount: user?.childrenCount ?? 0,
  };
}

function Card({
  id,
  title,
  icon,
  intro,
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  intro: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm sm:p-8"
    >
      <div className="flex items-center gap-3">
        <IconCircle className="inline-flex size-10 text-xl">{icon}</IconCircle>
        <h2 id={id} className="text-2xl font-semibold">
          {title}
        </h2>
      </div>
      <p className="mt-3 text-base-content/75">{intro}</p>
      <div className="mt-6">{children}</div>
    </section>
  );
}

/** PUT /api/{role}/update/: name, phone, address, children; the e-mail is the sign-in name. */
function ProfileForm({
  user,
  roles,
}: {
  user: Pick<User, keyof ProfileUpdate | 'email'>;
  roles: readonly number[];
}) {
  // The form follows the user as the server confirms it (after sign-in the token's copy may be
  // older), without overwriting what the person is typing.
  const values = useMemo(() => profileOf(user), [user]);
  const {
    register,
    submit,
    failure,
    formState: { errors, isSubmitting, isDirty },
  } = useSchemaForm(profileUpdateSchema, { values, resetOptions: { keepDirtyValues: true } });
  const field = fieldBinder(register, errors);

  const onSubmit = submit(
    async (profile) => {
      const updated = await updateProfile(roles, profile);
      updateUser(updated);
      notify.success('Vos informations ont été enregistrées.');
    },
    { focus: true, onRefused: ({ failed }) => void notify.error(failed.message) },
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Mes informations">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="profile-firstname"
          label="Prénom"
          autoComplete="given-name"
          {...field('firstname')}
        />
        <TextField
          id="profile-lastname"
          label="Nom"
          autoComplete="family-name"
          {...field('lastname')}
        />
        <TextField
          id="profile-phone"
          label="Téléphone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="06 12 34 56 78"
          {...field('phone')}
        />
        <TextField
          id="profile-children"
          label="Nombre d’enfants"
          type="number"
          inputMode="numeric"
          min={0}
          max={20}
          step={1}
          {...field('childrenCount')}
        />
      </div>
      <TextField
        id="profile-address"
        label={
          <>
            Adresse postale <span className="font-normal text-base-content/70">(facultatif)</span>
          </>
        }
        autoComplete="street-address"
        {...field('address')}
      />
      <div>
        <p className="mb-1.5 font-medium">Adresse e-mail</p>
        <p className="rounded-field border border-base-300 bg-base-200/60 px-3 py-2 text-sm">
          {user.email}
        </p>
        <p className="mt-1.5 text-sm text-base-content/70">
          C’est votre identifiant de connexion. Pour en changer,{' '}
          <Link href="/contact" className="link link-primary">
            écrivez-nous
          </Link>
          .
        </p>
      </div>
      {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
      <SubmitButton loading={isSubmitting} disabled={!isDirty}>
        Enregistrer mes informations
      </SubmitButton>
    </form>
  );
}

/** The new password typed twice. */
const passwordChangeSchema = withConfirmation(
  changePasswordSchema,
  'newPassword',
  'newPasswordConfirm',
);
type PasswordChange = z.infer<typeof passwordChangeSchema>;

const emptyPasswords: PasswordChange = {
  oldPassword: '',
  newPassword: '',
  newPasswordConfirm: '',
};

/** POST /api/{role}/changepassword. */
function PasswordForm({ roles, email }: { roles: readonly number[]; email: string }) {
  const {
    register,
    submit,
    reset,
    trigger,
    failure,
    formState: { errors, isSubmitting, touchedFields },
  } = useSchemaForm(passwordChangeSchema, { defaultValues: emptyPasswords });
  const field = fieldBinder(register, errors);

  const onSubmit = submit(
    async ({ oldPassword, newPassword }) => {
      const answer = await changePassword(roles, { oldPassword, newPassword });
      // The change ended every session signed with the old password, this one included: the
      // answer carries this device's new token.
      if (answer.token) signIn(answer.token);
      reset(emptyPasswords);
      notify.success(answer.message || 'Votre mot de passe a été modifié.');
    },
    { only: ['oldPassword', 'newPassword'], focus: true },
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Mot de passe">
      {/* Lets password managers tie the new password to the right account. */}
      <input
        type="email"
        name="username"
        autoComplete="username"
        value={email}
        readOnly
        hidden
        aria-hidden="true"
        tabIndex={-1}
      />
      <PasswordField
        id="password-old"
        label="Mot de passe actuel"
        autoComplete="current-password"
        {...field('oldPassword')}
      />
      <PasswordField
        id="password-new"
        label="Nouveau mot de passe"
        autoComplete="new-password"
        hint={PASSWORD_RULES_HINT}
        {...field('newPassword', {
          onChange: () => {
            if (touchedFields.newPasswordConfirm) void trigger('newPasswordConfirm');
          },
        })}
      />
      <PasswordField
        id="password-confirm"
        label="Confirmez le nouveau mot de passe"
        autoComplete="new-password"
        {...field('newPasswordConfirm')}
      />
      {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
      <SubmitButton loading={isSubmitting}>Modifier le mot de passe</SubmitButton>
    </form>
  );
}

/** /parametres, for every role: profile and password (issue 3). Guarded in the route table. */
export default function SettingsPage() {
  const { user, roles } = useSession();
  if (!user) return null;
  return (
    <AccountPage
      eyebrow="Mon Espace"
      title="Paramètres du compte"
      lead="Vos coordonnées servent à votre chasseur immobilier pour vous joindre. Elles ne sont jamais transmises à des tiers sans votre accord."
      backTo={homeOf(roles)}
      columns="lg:grid-cols-[3fr_2fr]"
    >
      <Card
        id="settings-profile"
        title="Mes informations"
        icon={<UserIcon />}
        intro={'Modifiez vos nom, téléphone et adresse\u202f; ils sont mis à jour aussitôt.'}
      >
        <ProfileForm user={user} roles={roles} />
      </Card>
      <Card
        id="settings-password"
        title="Mot de passe"
        icon={<LockIcon />}
        intro="Choisissez un mot de passe que vous n’utilisez nulle part ailleurs."
      >
        <PasswordForm roles={roles} email={user.email} />
      </Card>
    </AccountPage>
  );
}
