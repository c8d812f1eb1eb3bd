import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { ADMIN_USER_MESSAGES, AdminUserCreate, AdminUserUpdate, type AdminUser } from '../../../../api/contract/admin-users';
import { ROLE_LABELS, USER_ROLES, type UserRole } from '../../../../api/contract/auth-rules';
import { labelClass, PasswordField, TextField } from '../../../components/ui/field';
import { fieldErrors } from '../api/admin-query';
import { Dialog } from '../../../components/ui/dialog';
import { inputClass } from '../../../components/ui/classes';
import { useSaveUser } from './api';

type Field = 'username' | 'email' | 'firstName' | 'lastName' | 'password' | 'role' | 'isActive' | 'isVerified';
type Errors = Partial<Record<Field, string>>;

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

/** The first message per field of a failed zod parse ('username' → 'Användarnamn krävs'). */
function issuesByField(error: z.ZodError): Errors {
  const out: Errors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '') as Field;
    out[field] ??= issue.message;
  }
  return out;
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
  const formRef = useRef<HTMLFormElement>(null);
  const [state, setState] = useState<FormState>(() => initialState(user));
  const [errors, setErrors] = useState<Errors>({});
  const [attempt, setAttempt] = useState(0);
  const save = useSaveUser(onClose);
  const creating = user === null;

  // After a refused save, focus moves to the first field with a message.
  // biome-ignore lint/correctness/useExhaustiveDependencies: errors is the trigger: focus follows the new messages.
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt, errors]);

  function set<K extends keyof FormState>(key: K, value: FormState[K]) {
    setState((s) => ({ ...s, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  }

  function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (save.isPending) return;
    const body = userFormBody(state, user);
    const parsed = creating ? AdminUserCreate.safeParse(body) : AdminUserUpdate.safeParse(body);
    if (!parsed.success) {
      const found = issuesByField(parsed.error);
      // An empty password is missing rather than too short.
      if (creating && found.password && state.password === '') found.password = ADMIN_USER_MESSAGES.passwordRequired;
      setErrors(found);
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    save.mutate(creating ? { mode: 'create', body: body as AdminUserCreate } : { mode: 'edit', id: user.id, body: body as AdminUserUpdate }, {
      onError: (err) => {
        setErrors(fieldErrors(err));
        setAttempt((n) => n + 1);
      },
    });
  }

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate className="grid gap-5" aria-busy={save.isPending}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Användarnamn"
          value={state.username}
          onValueChange={(v) => set('username', v)}
          error={errors.username}
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
          value={state.email}
          onValueChange={(v) => set('email', v)}
          error={errors.email}
          required
          autoComplete="off"
        />
        <TextField
          label="Förnamn"
          value={state.firstName}
          onValueChange={(v) => set('firstName', v)}
          error={errors.firstName}
          optional
          autoComplete="off"
        />
        <TextField
          label="Efternamn"
          value={state.lastName}
          onValueChange={(v) => set('lastName', v)}
          error={errors.lastName}
          optional
          autoComplete="off"
        />
      </div>

      {creating ? (
        <PasswordField
          label="Lösenord"
          value={state.password}
          onValueChange={(v) => set('password', v)}
          error={errors.password}
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
          value={state.password}
          onValueChange={(v) => set('password', v)}
          error={errors.password}
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
          value={state.role}
          onChange={(e) => set('role', e.target.value as UserRole)}
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
            {errors.role}
          </p>
        )}
      </div>

      <fieldset className="grid gap-3">
        <legend className={`${labelClass} mb-2`}>Status</legend>
        <Checkbox label="Aktiv" hint="Inaktiva konton kan inte logga in." checked={state.isActive} onChange={(v) => set('isActive', v)} />
        <Checkbox label="Verifierad" checked={state.isVerified} onChange={(v) => set('isVerified', v)} />
      </fieldset>

      <div className="flex flex-wrap justify-end gap-3 border-t border-rule pt-4">
        <button type="button" className="btn-outline" onClick={onClose}>
          Avbryt
        </button>
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Sparar…' : creating ? 'Skapa användare' : 'Spara ändringar'}
        </button>
      </div>
    </form>
  );
}

function Checkbox({ label, hint, checked, onChange }: { label: string; hint?: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 size-5 shrink-0 accent-wine"
      />
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
