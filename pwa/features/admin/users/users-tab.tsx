import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { AdminUser, AdminUserStats } from '../../../../api/contract/admin-users';
import { ROLE_LABELS, USER_ROLES, type UserRole } from '../../../../api/contract/auth-rules';
import { useAuth } from '../../../lib/auth/auth-provider';
import { labelClass } from '../../../components/ui/field';
import { errorText } from '../api/admin-query';
import { SectionHeading, StatCard } from '../../../components/ui/blocks';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { QueryState } from '../../../components/ui/states';
import { inputClass, dangerButtonClass, smallButtonClass } from '../../../components/ui/classes';
import { useDeactivateUser, usersQueryOptions, useVerifyUser } from './api';
import { useDebouncedValue } from './use-debounced-value';
import { ActiveBadge, RoleBadge, VerifiedBadge } from './user-badges';
import { UserFormDialog } from './user-form';
import { formatDate } from '../../../lib/dates';
import { SearchField } from '../components/search-field';

/** A user's creation date in Swedish ('3 mars 2026' style, Swedish time). */
export function formatCreatedDate(iso: string): string {
  return formatDate(iso, { dateStyle: 'medium' });
}

/** 'Anna Lind', or null when the user has no name. */
function fullName(user: Pick<AdminUser, 'firstName' | 'lastName'>): string | null {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || null;
}

/** '1 administratör', '3 administratörer'. */
function counted(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

type FormTarget = { user: AdminUser | null } | null;

/**
 * The admin panel's Users tab (spec 001 §2 'Users tab'): search (username, name or e-mail) and a role filter,
 * the stats cards, the list with role, active and verified badges and the created date, and the add/edit
 * dialog. 'Verifiera' shows for unverified active users; 'Ta bort' for active users (not oneself) and,
 * after a confirmation, only deactivates. Empty: 'Inga användare hittades'.
 */
export function UsersTab() {
  const searchId = useId();
  const roleId = useId();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<UserRole | ''>('');
  const q = useDebouncedValue(search);
  const list = useQuery(usersQueryOptions({ q, role }));
  const [form, setForm] = useState<FormTarget>(null);
  const [toDeactivate, setToDeactivate] = useState<AdminUser | null>(null);
  const verify = useVerifyUser();
  const deactivate = useDeactivateUser(() => setToDeactivate(null));

  function handleDeactivate() {
    if (toDeactivate) deactivate.mutate(toDeactivate);
  }

  return (
    <section aria-labelledby={`${searchId}-heading`}>
      <SectionHeading
        actions={
          <button type="button" className="btn-primary" onClick={() => setForm({ user: null })}>
            <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16" fill="currentColor">
              <path d="M9 4h2v5h5v2h-5v5H9v-5H4V9h5V4Z" />
            </svg>
            Ny användare
          </button>
        }
      >
        <span id={`${searchId}-heading`}>ANVÄNDARHANTERING</span>
      </SectionHeading>

      {list.data && <UserStats stats={list.data.stats} />}

      <div className="mb-5 grid gap-4 sm:grid-cols-[minmax(0,1fr)_14rem]" role="search" aria-label="Filtrera användare">
        <SearchField label="Sök användare" value={search} onChange={setSearch} placeholder="Användarnamn, namn eller e-post" />
        <div>
          <label htmlFor={roleId} className={labelClass}>
            Roll
          </label>
          <select id={roleId} value={role} onChange={(e) => setRole(e.target.value as UserRole | '')} className={`${inputClass} mt-1.5`}>
            <option value="">Alla roller</option>
            {USER_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </div>
      </div>

      <QueryState
        query={list}
        loadingLabel="Laddar användare…"
        errorMessage={errorText(list.error, 'Kunde inte hämta användarna.')}
        isEmpty={(data) => data.items.length === 0}
        empty="Inga användare hittades"
      >
        {(data) => (
          <>
            <p className="mb-2 font-sans text-sm text-ink-soft" aria-live="polite">
              {data.total === 1 ? '1 användare' : `${data.total} användare`}
              {data.items.length < data.total && ` (visar de ${data.items.length} senaste)`}
            </p>
            <ul aria-label="Användare" className={`border-t border-ink ${list.isPlaceholderData ? 'opacity-60' : ''}`}>
              {data.items.map((user) => (
                <UserRow
                  key={user.id}
                  user={user}
                  onEdit={() => setForm({ user })}
                  onVerify={() => verify.mutate(user)}
                  verifying={verify.isPending && verify.variables?.id === user.id}
                  onDeactivate={() => setToDeactivate(user)}
                />
              ))}
            </ul>
          </>
        )}
      </QueryState>

      <UserFormDialog open={form !== null} user={form?.user ?? null} onClose={() => setForm(null)} />
      <ConfirmDialog
        open={toDeactivate !== null}
        title="Ta bort användare"
        message={
          toDeactivate && (
            <>
              <p>Är du säker på att du vill ta bort &quot;{toDeactivate.username}&quot;?</p>
              <p className="mt-2 text-sm">Kontot inaktiveras och kan inte längre logga in. Det finns kvar i listan och kan aktiveras igen.</p>
            </>
          )
        }
        confirmLabel="Ta bort"
        busy={deactivate.isPending}
        onConfirm={handleDeactivate}
        onClose={() => setToDeactivate(null)}
      />
    </section>
  );
}

function UserStats({ stats }: { stats: AdminUserStats }) {
  const inactive = stats.total - stats.active;
  const unverified = stats.total - stats.verified;
  return (
    <div className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard
        label="Totalt"
        value={stats.total}
        hint={`${counted(stats.byRole.admin, 'administratör', 'administratörer')}, ${counted(stats.byRole.moderator, 'moderator', 'moderatorer')}`}
      />
      <StatCard label="Aktiva" value={stats.active} hint={counted(inactive, 'inaktiv', 'inaktiva')} />
      <StatCard label="Verifierade" value={stats.verified} hint={`${unverified} ej verifierade`} />
      <StatCard label="Partner" value={stats.byRole.partner} hint={counted(stats.byRole.user, 'vanlig användare', 'vanliga användare')} />
    </div>
  );
}

function UserRow({
  user,
  onEdit,
  onVerify,
  verifying,
  onDeactivate,
}: {
  user: AdminUser;
  onEdit: () => void;
  onVerify: () => void;
  verifying: boolean;
  onDeactivate: () => void;
}) {
  const { user: me } = useAuth();
  const isMe = me?.id === user.id;
  const name = fullName(user);
  return (
    <li className="grid gap-3 border-b border-rule py-4 lg:grid-cols-[minmax(0,1fr)_17rem_20rem] lg:items-center lg:gap-6" aria-label={user.username}>
      <div className="min-w-0">
        <p className="font-sans font-semibold break-words text-ink">
          {user.username}
          {isMe && <span className="ml-2 font-normal text-ink-soft">(du)</span>}
        </p>
        {name && <p className="font-serif text-ink">{name}</p>}
        <p className="font-sans text-sm break-all text-ink-soft">{user.email}</p>
      </div>
      <div className="flex flex-wrap items-center gap-1.5">
        <RoleBadge role={user.role} />
        <ActiveBadge active={user.isActive} />
        <VerifiedBadge verified={user.isVerified} />
        <p className="w-full font-sans text-xs text-muted">
          Skapad <time dateTime={user.createdAt}>{formatCreatedDate(user.createdAt)}</time>
        </p>
      </div>
      <div className="flex flex-wrap gap-2 lg:justify-end">
        <button type="button" className={smallButtonClass} onClick={onEdit} aria-label={`Redigera ${user.username}`}>
          Redigera
        </button>
        {!user.isVerified && user.isActive && (
          <button type="button" className={smallButtonClass} onClick={onVerify} disabled={verifying} aria-label={`Verifiera ${user.username}`}>
            Verifiera
          </button>
        )}
        {user.isActive && !isMe && (
          <button type="button" className={dangerButtonClass} onClick={onDeactivate} aria-label={`Ta bort ${user.username}`}>
            Ta bort
          </button>
        )}
      </div>
    </li>
  );
}
