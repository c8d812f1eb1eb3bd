import type { ReactNode } from 'react';
import { ROLE_LABELS, type UserRole } from '../../../../api/contract/auth-rules';

// The Users tab's badges (spec 001 §2 'Users tab': admin red, moderator yellow, user blue; partner violet so
// it stays apart from the others). Dark text on a pale tint: every pair is well above WCAG AA (≥ 7:1).

const ROLE_BADGE_CLASS: Record<UserRole, string> = {
  admin: 'border-red-300 bg-red-100 text-red-900',
  moderator: 'border-yellow-300 bg-yellow-100 text-yellow-900',
  user: 'border-blue-300 bg-blue-100 text-blue-900',
  partner: 'border-violet-300 bg-violet-100 text-violet-900',
};

const badgeClass = 'inline-flex items-center border px-2 py-0.5 font-sans text-xs font-semibold whitespace-nowrap';

function Badge({ className, children }: { className: string; children: ReactNode }) {
  return <span className={`${badgeClass} ${className}`}>{children}</span>;
}

/** A user's role with its Swedish label (Användare, Partner, Moderator, Administratör) in the role's colour. */
export function RoleBadge({ role }: { role: UserRole }) {
  return <Badge className={ROLE_BADGE_CLASS[role]}>{ROLE_LABELS[role]}</Badge>;
}

/** 'Aktiv' (green) or 'Inaktiv' (grey): a deactivated user stays in the list. */
export function ActiveBadge({ active }: { active: boolean }) {
  return active ? (
    <Badge className="border-green-300 bg-green-50 text-green-900">Aktiv</Badge>
  ) : (
    <Badge className="border-ink/30 bg-paper-dark text-ink-soft">Inaktiv</Badge>
  );
}

/** 'Verifierad' or 'Ej verifierad'. */
export function VerifiedBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <Badge className="border-green-300 bg-green-50 text-green-900">Verifierad</Badge>
  ) : (
    <Badge className="border-orange-300 bg-orange-50 text-orange-900">Ej verifierad</Badge>
  );
}
