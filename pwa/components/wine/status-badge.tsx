import { APPROVAL_STATUS_LABELS } from '../../../api/contract/constants';
import type { ApprovalStatus } from '../../../api/contract/enums';

const STATUS_STYLES: Readonly<Record<ApprovalStatus, string>> = {
  approved: 'border-green bg-green text-white',
  pending: 'border-gold bg-paper text-gold',
  rejected: 'border-wine bg-wine text-white',
  draft: 'border-muted bg-paper text-ink-soft',
};

/** A wine's approval status as a small badge: Godkänd, Väntar, Avvisad or Utkast (spec 001 §2, §4). */
export function StatusBadge({ status }: { status: ApprovalStatus }) {
  return (
    <span className={`inline-block border px-2 py-0.5 font-sans text-[0.7rem] font-bold tracking-widest uppercase ${STATUS_STYLES[status]}`}>
      {APPROVAL_STATUS_LABELS[status]}
    </span>
  );
}
