import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from '../../lib/toast';
import { APPROVAL_STATUS_LABELS } from '../../../api/contract/constants';
import type { PartnerCurrent } from '../../../api/contract/partner';
import { PARTNER_MESSAGES as M } from '../../../api/contract/partner-rules';
import { StorageFullError, submitDraft } from './outbox/outbox';
import { requestOutboxPush } from './outbox/runtime';
import { LoadingBlock } from '../../components/ui/states';
import { StatusBadge } from '../../components/wine/status-badge';
import { deviceWine, useDeviceDraft, type DeviceWine } from './device-wines';
import { formatKronor } from '../../../api/contract/money';
import { submitReadiness } from './format';
import { BackToPortal, Notice, PartnerPage, RatingStars, RequirePartner } from './partner-ui';
import { WineLoadFailed } from './wine-load-failed';

/** The review process as the submit page explains it (spec 001 §2 'Wine submit page'). */
const PROCESS = [
  { title: 'Inlämning', text: 'Vinet får status Väntar och kan inte ändras medan det granskas.' },
  { title: 'Expertgranskning', text: 'Vinpressens experter provar och bedömer vinet. De kan ge det märket ”Granskad av Vinpressen” och en medalj.' },
  { title: 'Publicering', text: 'Ett godkänt vin publiceras på Vinpressen. Avvisas det ser du anledningen under Mina viner.' },
] as const;

/**
 * /partner/wines/{id}/submit (spec 001 §2, §4, §5, §8): a summary of the wine, its information status (name,
 * description, price and rating required, region, grape variety and vintage recommended; until the required ones
 * are there the button says 'Komplettera först' and is disabled), the review process and a two-step confirmation:
 * the first click shows a warning, 'Ja, skicka in nu' sends. A wine outside draft shows 'Vinet har redan skickats
 * in' with its status; one that cannot be read 'Kunde inte ladda vin'. Success goes to /partner.
 */
export function WineSubmitPage() {
  const { id = '' } = useParams();
  useEffect(() => {
    document.title = 'Skicka in vin – Partnerportal – Vinpressen';
  }, []);
  return <RequirePartner>{(current) => <SubmitWine current={current} id={id} />}</RequirePartner>;
}

function SubmitWine({ current, id }: { current: PartnerCurrent; id: string }) {
  const { draft, refresh } = useDeviceDraft(current.user.id, id);
  return (
    <PartnerPage current={current}>
      {draft === undefined ? (
        <LoadingBlock label="Hämtar vinet…" />
      ) : draft === null ? (
        <WineLoadFailed error={refresh.error} missing={refresh.isSuccess} onRetry={() => void refresh.refetch()} />
      ) : (
        <SubmitContent userId={current.user.id} wine={deviceWine(draft)} />
      )}
    </PartnerPage>
  );
}

/**
 * The page's content. 'Ja, skicka in nu' queues the submission on the device and asks the outbox to send
 * it, so it works offline too; a refusal by the server (not ready, already submitted) comes back on the wine's card.
 */
function SubmitContent({ userId, wine }: { userId: string; wine: DeviceWine }) {
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLDivElement>(null);
  const readiness = submitReadiness(wine);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  async function handleSubmit() {
    setSending(true);
    try {
      await submitDraft(userId, wine.id);
      requestOutboxPush();
      const description = navigator.onLine ? `Status: ${M.submitted}.` : 'Inskickningen sparades på enheten och skickas när du är online igen.';
      toast.success('Vinet har skickats in', { id: 'wine-submitted', description });
      navigate('/partner?tab=mina-viner');
    } catch (err) {
      setConfirming(false);
      const description =
        err instanceof StorageFullError ? 'Enheten är full. Frigör utrymme och försök igen.' : err instanceof Error ? err.message : M.submitFailed;
      toast.error(M.submitFailedTitle, { id: 'wine-submit-failed', description });
    } finally {
      setSending(false);
    }
  }

  return (
    <div>
      <BackToPortal />
      <p className="mt-3 font-sans text-xs font-bold tracking-[0.2em] text-wine uppercase">Skicka in för granskning</p>
      <h1 className="mt-1 text-3xl font-black break-words sm:text-4xl">{wine.name}</h1>

      <div className="mt-8 grid gap-10 lg:grid-cols-12">
        <div className="grid content-start gap-10 lg:col-span-7">
          <Block title="Sammanfattning">
            <div className="flex flex-wrap items-center gap-3">
              <StatusBadge status={wine.approvalStatus} />
              <span className="font-display text-xl font-bold text-wine">{wine.price === null ? 'Pris saknas' : formatKronor(wine.price)}</span>
              <RatingStars value={wine.rating} />
            </div>
            <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3">
              <Fact term="Årgång">{wine.vintage ?? '–'}</Fact>
              <Fact term="Land">{wine.country ?? '–'}</Fact>
              <Fact term="Region">{wine.region ?? '–'}</Fact>
              <Fact term="Druvsort">{wine.grapeVariety ?? '–'}</Fact>
              <Fact term="Alkoholhalt">{wine.alcoholContent !== null ? `${wine.alcoholContent.toLocaleString('sv-SE')} %` : '–'}</Fact>
            </dl>
            <p className="mt-4 leading-relaxed text-ink-soft">{wine.description}</p>
          </Block>

          <Block title="Granskningsprocessen">
            <ol className="grid gap-4">
              {PROCESS.map((step, i) => (
                <li key={step.title} className="flex gap-4">
                  <span aria-hidden="true" className="grid size-9 shrink-0 place-items-center rounded-full bg-wine font-display font-bold text-white">
                    {i + 1}
                  </span>
                  <div>
                    <h3 className="font-bold">{step.title}</h3>
                    <p className="text-ink-soft">{step.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </Block>
        </div>

        <div className="grid content-start gap-10 lg:col-span-5">
          <Block title="Informationsstatus">
            <Checklist heading="Krävs" items={readiness.required} />
            <Checklist heading="Rekommenderas" items={readiness.recommended} />
            {readiness.required.every((r) => r.ok) && readiness.recommended.some((r) => !r.ok) && (
              <p className="mt-3 font-sans text-sm text-muted">Rekommenderade uppgifter hjälper experterna men krävs inte.</p>
            )}
          </Block>

          <Block title="Skicka in">
            {wine.approvalStatus !== 'draft' ? (
              <Notice tone="info" role="status">
                <p className="font-semibold">{M.alreadySubmitted}</p>
                <p className="mt-1">
                  Nuvarande status: <strong>{APPROVAL_STATUS_LABELS[wine.approvalStatus]}</strong>
                </p>
              </Notice>
            ) : !readiness.ready ? (
              <div>
                <p className="mb-3 font-sans text-sm text-ink-soft">Fyll i de obligatoriska uppgifterna innan du skickar in vinet.</p>
                <div className="flex flex-wrap gap-3">
                  <button type="button" className="btn-primary py-3" disabled>
                    {M.submitNotReady}
                  </button>
                  <Link to={`/partner/wines/edit/${wine.id}`} className="btn-outline py-3">
                    Redigera vinet
                  </Link>
                </div>
              </div>
            ) : confirming ? (
              <div ref={confirmRef} tabIndex={-1} role="alert" className="border-l-4 border-gold bg-paper-dark p-4 focus:outline-none">
                <p className="font-bold text-ink">Är du säker?</p>
                <p className="mt-1 font-sans text-sm text-ink">När vinet är inskickat kan det inte ändras medan experterna granskar det.</p>
                <div className="mt-4 flex flex-wrap gap-3">
                  <button type="button" className="btn-primary py-3" onClick={() => void handleSubmit()} disabled={sending}>
                    {sending ? 'Skickar…' : 'Ja, skicka in nu'}
                  </button>
                  <button type="button" className="btn-outline py-3" onClick={() => setConfirming(false)} disabled={sending}>
                    Avbryt
                  </button>
                </div>
              </div>
            ) : (
              <div>
                <p className="mb-3 font-sans text-sm text-ink-soft">Allt som krävs finns. Kontrollera sammanfattningen och skicka in.</p>
                <button type="button" className="btn-primary py-3" onClick={() => setConfirming(true)}>
                  Skicka in för granskning
                </button>
              </div>
            )}
          </Block>
        </div>
      </div>
    </div>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  const id = `submit-${title.toLowerCase().replace(/[^a-zåäö]+/g, '-')}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="section-rule mb-4 py-2 font-sans text-sm font-bold tracking-[0.18em] text-ink uppercase">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-sans text-xs font-semibold tracking-[0.12em] text-muted uppercase">{term}</dt>
      <dd className="mt-0.5 font-sans break-words text-ink">{children}</dd>
    </div>
  );
}

function Checklist({ heading, items }: { heading: string; items: { field: string; label: string; ok: boolean }[] }) {
  return (
    <div className="mt-2 first:mt-0">
      <h3 className="font-sans text-xs font-bold tracking-[0.12em] text-muted uppercase">{heading}</h3>
      <ul className="mt-1 divide-y divide-rule border-y border-rule">
        {items.map((item) => (
          <li key={item.field} className="flex items-center justify-between gap-3 py-2 font-sans text-sm">
            <span className="text-ink">{item.label}</span>
            <span className={`inline-flex items-center gap-1 font-semibold ${item.ok ? 'text-green' : 'text-wine'}`}>
              <span aria-hidden="true">{item.ok ? '✓' : '✗'}</span>
              {item.ok ? 'Ifyllt' : 'Saknas'}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
