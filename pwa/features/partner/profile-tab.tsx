import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { PartnerCurrent } from '../../../api/contract/partner';
import { SectionHeading } from '../../components/ui/blocks';
import { formatSwedishDate } from './format';
import { partnerPersonName } from './partner-ui';

/**
 * Profil (spec 001 §2): the person (name, e-mail, username), the company (name, contact person, phone when given,
 * member since as a Swedish date) and a link to /settings, where the password is changed.
 */
export function ProfileTab({ current }: { current: PartnerCurrent }) {
  const { user, partner } = current;
  return (
    <div className="grid gap-10 lg:grid-cols-2">
      <section aria-labelledby="profile-person">
        <SectionHeading>
          <span id="profile-person">Personuppgifter</span>
        </SectionHeading>
        <dl className="divide-y divide-rule border-b border-rule">
          <Row term="Namn">{partnerPersonName(user)}</Row>
          <Row term="E-postadress">
            <span className="break-all">{user.email}</span>
          </Row>
          <Row term="Användarnamn">{user.username}</Row>
        </dl>
      </section>
      <section aria-labelledby="profile-company">
        <SectionHeading>
          <span id="profile-company">Företagsuppgifter</span>
        </SectionHeading>
        <dl className="divide-y divide-rule border-b border-rule">
          <Row term="Företagsnamn">{partner.companyName}</Row>
          <Row term="Kontaktperson">{partner.contactName}</Row>
          {partner.phone && (
            <Row term="Telefon">
              <a href={`tel:${partner.phone}`} className="text-wine underline underline-offset-2">
                {partner.phone}
              </a>
            </Row>
          )}
          <Row term="Medlem sedan">{formatSwedishDate(partner.createdAt)}</Row>
        </dl>
      </section>
      <div className="lg:col-span-2">
        <p className="font-sans text-sm text-ink-soft">Lösenordet byter du under Inställningar.</p>
        <Link to="/settings" className="btn-outline mt-3">
          Till inställningar
        </Link>
      </div>
    </div>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[11rem_1fr] sm:gap-4">
      <dt className="font-sans text-xs font-bold tracking-[0.15em] text-muted uppercase sm:pt-1">{term}</dt>
      <dd className="text-lg text-ink">{children}</dd>
    </div>
  );
}
