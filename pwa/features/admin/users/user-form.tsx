import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ADMIN_USER_MESSAGES, AdminUserCreate, AdminUserUpdate, type AdminUser } from '../../../../api/contract/admin-users';
import { ROLE_LABELS, USER_ROLES, type UserRole } from '../../../../api/contract/auth-rules';
import { labelClass, PasswordField, TextField } from '../../../components/ui/field';
import { setServerFieldErrors } from '../../../lib/forms';
import { Dialog } from '../../../components/ui/dialog';
import { inputClass } from '../../../components/ui/classes';
import { useSaveUser } from './api';
import { FormActions } from '../../../components/ui/form-actions';

/** The form's fields as typed. */
export interface FormState {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  role: UserRole;
  isActive: boolean;
  isVerified: boolean;
}

function initialState(user: AdminUser | null): FormState {
  return {
    username: user?.username ?? '',
    email: user?.email ?? '',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    password: '',
    role: user?.role ?? 'user',
    isActive: user?.isActive ?? true,
    isVerified: user?.isVerified ?? false,
  };
}

/** Whether this user signs in through the identity provider and so has no password here (spec 001 §6). */
export function hasNoPassword(user: AdminUser | null): boolean {
  return user?.authType === 'admin';
}

/**
 * The bodies the form sends (spec 001 §5 'Admin user form', §7): on create every field with the password; on
 * edit the same without the password when it is blank, and never one for an identity-provider admin.
 */
export function userFormBody(state: FormState, user: AdminUser | null): AdminUserCreate | AdminUserUpdate {
  const common = {
    username: state.username,
    email: state.email,
    firstName: state.firstName,
    lastName: state.lastName,
    role: state.role,
    isActive: state.isActive,
    isVerified: state.isVerified,
  };
  if (!user) return { ...common, password: state.password };
  if (hasNoPassword(user) || state.password.trim() === '') return common;
  return { ...common, password: state.password };
}

/**
 * The form's schema for react-hook-form: the body the form will send (userFormBody), checked with the API's own
 * schema (AdminUserCreate on create, AdminUserUpdate on edit), so the fields show the server's Swedish messages.
 * On create an empty password is missing ('Lösenord krävs') rather than too short.
 */
function userFormSchema(user: AdminUser | null) {
  const values = z.custom<FormState>();
  if (user) return values.transform((state): AdminUserUpdate => userFormBody(state, user)).pipe(AdminUserUpdate);
  const create = AdminUserCreate.extend({
    password: z.string().min(1, { message: ADMIN_USER_MESSAGES.passwordRequired }).pipe(AdminUserCreate.shape.password),
  });
  return values.transform((state) => userFormBody(state, null) as AdminUserCreate).pipe(create);
}

/** The fields that can carry a message, in the order the form shows them (the first gets the focus). */
const FIELDS = ['username', 'email', 'firstName', 'lastName', 'password', 'role'] as const;

/**
 * The add/edit dialog of the Users tab (spec 001 §2, §5): username and e-mail required, names optional, a
 * password (6–256 characters) only on create — on edit an optional new password, left out when blank and
 * absent for identity-provider admins — the role (Användare, Partner, Moderator, Administratör), Aktiv and
 * Verifierad. Checked with the API's own schema before sending; the server's field messages (a taken
 * username or e-mail) are shown on the fields. `user` null means create.
 */
export function UserFormDialog({ open, user, onClose }: { open: boolean; user: AdminUser | null; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title={user ? 'Redigera användare' : 'Ny användare'}>
      {/* Keyed by the user, so the fields start over for each user opened. */}
      <UserForm key={user?.id ?? 'new'} user={user} onClose={onClose} />
    </Dialog>
  );
}

function UserForm({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const id = useId();
  const initial = initialState(user);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormState, unknown, FormState>({
    // raw: the body goes out as typed; the server trims and reads it with the same schema.
    resolver: zodResolver(userFormSchema(user), undefined, { raw: true }),
    defaultValues: initial,
  });
  const save = useSaveUser(onClose);
  const creating = user === null;

  // A refused check focuses the first field with a message (react-hook-form's shouldFocusError, in the form's order).
  const onSubmit = handleSubmit((state) => {
    if (save.isPending) return;
    const body = userFormBody(state, user);
    save.mutate(user ? { mode: 'edit', id: user.id, body } : { mode: 'create', body: body as AdminUserCreate }, {
      onError: (err) => setServerFieldErrors(err, setError, FIELDS),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-busy={save.isPending}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Användarnamn"
          {...register('username')}
          error={errors.username?.message}
          required
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          data-autofocus
        />
        <TextField
          label="E-postadress"
          type="email"
          inputMode="email"
          {...register('email')}
          error={errors.email?.message}
          required
          autoComplete="off"
        />
        <TextField label="Förnamn" {...register('firstName')} error={errors.firstName?.message} optional autoComplete="off" />
        <TextField label="Efternamn" {...register('lastName')} error={errors.lastName?.message} optional autoComplete="off" />
      </div>

      {creating ? (
        <PasswordField
          label="Lösenord"
          {...register('password')}
          error={errors.password?.message}
          hint="Minst 6 tecken"
          required
          autoComplete="new-password"
        />
      ) : hasNoPassword(user) ? (
        <p className="border-l-4 border-rule pl-3 font-sans text-sm text-ink-soft">
          Loggar in via identitetsleverantören och har inget lösenord här.
        </p>
      ) : (
        <PasswordField
          label="Nytt lösenord"
          toggleLabel="nytt lösenord"
          {...register('password')}
          error={errors.password?.message}
          hint="Lämna tomt för att behålla det nuvarande lösenordet."
          optional
          autoComplete="new-password"
        />
      )}

      <div>
        <label htmlFor={`${id}-role`} className={labelClass}>
          Roll
        </label>
        <select
          id={`${id}-role`}
          // defaultValue marks the starting option, so react-hook-form never takes the select for edited before it is
          // ready (happy-dom, where the component tests run, knows no option.defaultSelected otherwise).
          defaultValue={initial.role}
          {...register('role')}
          aria-invalid={errors.role ? true : undefined}
          aria-describedby={errors.role ? `${id}-role-error` : undefined}
          className={`${inputClass} mt-1.5`}
        >
          {USER_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
        {errors.role && (
          <p id={`${id}-role-error`} className="mt-1.5 font-sans text-sm font-semibold text-wine">
            {errors.role.message}
          </p>
        )}
      </div>

      <fieldset className="grid gap-3">
        <legend className={`${labelClass} mb-2`}>Status</legend>
        <Checkbox label="Aktiv" hint="Inaktiva konton kan inte logga in." {...register('isActive')} />
        <Checkbox label="Verifierad" {...register('isVerified')} />
      </fieldset>

      <FormActions
        onCancel={onClose}
        submitLabel={creating ? 'Skapa användare' : 'Spara ändringar'}
        pending={save.isPending}
        className="border-t border-rule pt-4"
      />
    </form>
  );
}

/** A checkbox with its label and an optional hint beside it; takes `register()` props. */
function Checkbox({
  label,
  hint,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className' | 'id'> & { label: string; hint?: string; ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input {...input} id={id} type="checkbox" aria-describedby={hint ? `${id}-hint` : undefined} className="mt-0.5 size-5 shrink-0 accent-wine" />
      <div>
        <label htmlFor={id} className="font-sans text-base text-ink">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="font-sans text-sm text-muted">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
