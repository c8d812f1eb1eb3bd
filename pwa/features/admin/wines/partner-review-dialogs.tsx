import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from '../../../lib/toast';
import { foodPairingLabel, occasionLabel, WINE_CATEGORIES, WINE_CATEGORY_LABELS, type WineCategory } from '../../../../api/contract/constants';
import { MEDAL_CATEGORY_LABELS } from '../../../../api/contract/medal-designs';
import { ApproveWineBody, RejectWineBody } from '../../../../api/contract/partner-review';
import { PARTNER_MESSAGES } from '../../../../api/contract/partner-rules';
import { ApiError } from '../../../lib/api-client';
import { formatRating } from '../../../lib/review-format';
import { GranskadBadge } from '../../../components/wine/granskad-badge';
import { TasteProfile } from '../../../components/wine/taste-profile';
import { WineImage } from '../../../components/wine/wine-image';
import { formatAlcohol, formatPrice, formatVolume, nameWithVintage } from '../../../lib/wine-format';
import { setServerFieldErrors } from '../../../lib/forms';
import { Dialog } from '../../../components/ui/dialog';
import { Fact } from '../../../components/ui/blocks';
import { dangerButtonClass } from '../../../components/ui/classes';
import { medalPreviewUrl, useAdminMedalDesigns } from '../medals/api';
import { useApproveWine, useRejectWine, type PartnerWine } from './api';
import { Checkbox, CheckboxGroup, FieldHint, SelectField, TextAreaField } from '../../../components/ui/field';
import { StatusBadge } from '../../../components/wine/status-badge';
import { formatDate } from '../../../lib/dates';

// The Partner review tab's dialogs (spec 001 §2 'Partner review tab', §5, §8): the whole wine for review, approval
// with the review mark and a medal design, rejection with a required reason. Headless UI dialogs (Dialog).

/** An ISO time as a Swedish date, e.g. '23 november 2026' (spec 001 §9: dates in Swedish format); '' when unreadable. */
export function formatSwedishDate(iso: string | null | undefined): string {
  return formatDate(iso, { dateStyle: 'long' });
}

/** The owner's name, else ''. */
export const ownerName = (wine: PartnerWine) => [wine.owner?.firstName, wine.owner?.lastName].filter(Boolean).join(' ');

/**
 * The rating the partner gave its own wine, e.g. '4 av 5 (eget)': the producer's, never a member rating. The public
 * 'Folkets betyg' comes only from approved member reviews (README.md 'Reviews').
 */
export const producerRatingText = (wine: PartnerWine) => (wine.rating === null ? 'Inget angivet' : `${formatRating(wine.rating)} av 5 (eget)`);

/** A 409 answer: the wine was decided meanwhile (by another admin), so the lists are stale. */
const isConflict = (err: unknown) => err instanceof ApiError && err.status === 409;

/**
 * 'Granska': the whole wine as the partner sent it — image, status, description, price, rating, facts, the taste
 * profile (bars of 1–5), food pairings, occasions, the partner and owner — and, while it is pending, the way on to
 * approving or rejecting it.
 */
export function ReviewWineDialog({
  wine,
  onClose,
  onApprove,
  onReject,
}: {
  wine: PartnerWine | null;
  onClose: () => void;
  onApprove: (wine: PartnerWine) => void;
  onReject: (wine: PartnerWine) => void;
}) {
  return (
    <Dialog open={wine !== null} onClose={onClose} title={wine ? nameWithVintage(wine) : ''} wide>
      {wine && (
        <div>
          <div className="grid gap-5 sm:grid-cols-[9rem_1fr]">
            <div className="border border-rule bg-white/60 p-3">
              <WineImage wine={wine} alt="" className="mx-auto h-44 w-auto" />
            </div>
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <StatusBadge status={wine.approvalStatus} />
                {wine.isGranskadVinpressen && <GranskadBadge />}
              </div>
              <p className="mt-3 font-display text-3xl font-bold text-wine">{formatPrice(wine.price)}</p>
              {wine.description && <p className="mt-3 leading-relaxed whitespace-pre-line text-ink">{wine.description}</p>}
            </div>
          </div>

          <dl className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4">
            <Fact term="Producentens betyg">{producerRatingText(wine)}</Fact>
            <Fact term="Årgång">{wine.vintage ?? '–'}</Fact>
            <Fact term="Alkoholhalt">{formatAlcohol(wine.alcoholContent) || '–'}</Fact>
            {wine.volumeMl !== null && <Fact term="Volym">{formatVolume(wine.volumeMl)}</Fact>}
            <Fact term="Land">{wine.country || '–'}</Fact>
            <Fact term="Region">{wine.region || '–'}</Fact>
            <Fact term="Druvsort">{wine.grapeVariety || '–'}</Fact>
            <Fact term="Skapad">{formatSwedishDate(wine.createdAt)}</Fact>
            {wine.submittedAt && <Fact term="Inskickat">{formatSwedishDate(wine.submittedAt)}</Fact>}
            {wine.reviewedAt && <Fact term="Granskat">{formatSwedishDate(wine.reviewedAt)}</Fact>}
            {wine.medal && <Fact term="Medalj">{wine.medal.name}</Fact>}
          </dl>

          {wine.systembolagetUrl && (
            <p className="mt-4 font-sans text-sm">
              <a href={wine.systembolagetUrl} target="_blank" rel="noopener noreferrer" className="text-wine underline underline-offset-2 break-all">
                {wine.systembolagetUrl}
              </a>
            </p>
          )}

          <TasteProfile wine={wine} headingLevel={3} className="mt-6" />
          <TagList heading="Passar bra till" items={wine.foodPairings.map(foodPairingLabel)} />
          <TagList heading="Rekommenderas till" items={wine.occasions.map(occasionLabel)} />

          <section className="mt-6">
            <h3 className="section-rule py-1.5 font-sans text-sm font-bold tracking-[0.18em] uppercase">Inskickat av</h3>
            <dl className="mt-3 grid gap-4 sm:grid-cols-2">
              <Fact term="Partner">
                {wine.partner ? (
                  <>
                    {wine.partner.companyName}
                    {wine.partner.phone && (
                      <>
                        <br />
                        <a href={`tel:${wine.partner.phone.replace(/[^\d+]/g, '')}`} className="text-wine underline-offset-2 hover:underline">
                          {wine.partner.phone}
                        </a>
                      </>
                    )}
                  </>
                ) : (
                  'Uppgifter saknas'
                )}
              </Fact>
              <Fact term="Kontoägare">
                {wine.owner ? (
                  <>
                    {ownerName(wine) && (
                      <>
                        {ownerName(wine)}
                        <br />
                      </>
                    )}
                    <a href={`mailto:${wine.owner.email}`} className="text-wine underline-offset-2 hover:underline">
                      {wine.owner.email}
                    </a>
                  </>
                ) : (
                  'Uppgifter saknas'
                )}
              </Fact>
            </dl>
          </section>

          {wine.approvalStatus === 'rejected' && wine.rejectionReason && (
            <p className="mt-6 border-l-4 border-wine bg-wine-light/40 px-3 py-2 font-sans text-sm whitespace-pre-line text-ink">
              <strong>Anledning:</strong> {wine.rejectionReason}
            </p>
          )}

          <div className="mt-7 flex flex-wrap justify-end gap-3 border-t border-rule pt-5">
            <button type="button" className="btn-outline" onClick={onClose}>
              Stäng
            </button>
            {wine.approvalStatus === 'pending' && (
              <>
                <button type="button" className={`${dangerButtonClass} min-h-11 px-4 text-sm`} onClick={() => onReject(wine)}>
                  Avvisa
                </button>
                <button type="button" className="btn-primary" onClick={() => onApprove(wine)}>
                  Godkänn
                </button>
              </>
            )}
          </div>
        </div>
      )}
    </Dialog>
  );
}

function TagList({ heading, items }: { heading: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <section className="mt-6">
      <h3 className="section-rule py-1.5 font-sans text-sm font-bold tracking-[0.18em] uppercase">{heading}</h3>
      <ul className="mt-3 flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item} className="border border-ink-soft px-3 py-1 font-sans text-sm text-ink">
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * 'Godkänn': the review mark 'Granskad av Vinpressen' (a checkbox) and an optional medal design (GET
 * /api/admin/medal-designs; 'Ingen medalj' first), previewed as the site will draw it. Approving publishes the
 * wine. Toasts 'Vin godkänt!' / 'Fel vid godkännande' come from useApproveWine; a wine decided meanwhile (409)
 * closes the dialog and refreshes the lists.
 */
export function ApproveWineDialog({ wine, onClose }: { wine: PartnerWine | null; onClose: () => void }) {
  return (
    <Dialog open={wine !== null} onClose={onClose} title="Godkänn vin">
      {wine && <ApproveForm key={wine.id} wine={wine} onClose={onClose} />}
    </Dialog>
  );
}

function ApproveForm({ wine, onClose }: { wine: PartnerWine; onClose: () => void }) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    watch,
    control,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof ApproveWineBody>, unknown, ApproveWineBody>({
    // ApproveWineBody, the server's schema (api/contract/partner-review.ts): at least one list; 'Ingen medalj' ('')
    // is sent as null. A wine sent in again keeps the lists it was published in, as a start.
    resolver: zodResolver(ApproveWineBody),
    defaultValues: { categories: [...wine.categories], isGranskadVinpressen: false, medalDesignId: '' },
  });
  const designs = useAdminMedalDesigns();
  const approve = useApproveWine(() => onClose());
  const medalId = watch('medalDesignId');
  const chosen = designs.data?.find((d) => d.id === medalId);

  const onSubmit = handleSubmit((body) =>
    approve.mutate(
      { id: wine.id, body },
      {
        onError: (err) => {
          if (!isConflict(err)) {
            setServerFieldErrors(err, setError, ['categories', 'medalDesignId']);
            return;
          }
          void queryClient.invalidateQueries({ queryKey: ['/api/admin/wines'] });
          onClose();
        },
      },
    ),
  );

  const options = [
    { value: '', label: 'Ingen medalj' },
    ...(designs.data ?? []).map((d) => ({ value: d.id, label: `${d.name} (${MEDAL_CATEGORY_LABELS[d.category] ?? d.category})` })),
  ];
  const medalHint = designs.isPending
    ? 'Laddar medaljerna…'
    : designs.isError
      ? 'Medaljerna kunde inte hämtas. Vinet kan godkännas utan medalj.'
      : 'Medaljen visas på vinets sida och kort.';

  return (
    <form onSubmit={onSubmit} noValidate>
      <p className="text-ink-soft">
        <strong className="text-ink">{nameWithVintage(wine)}</strong> publiceras på Vinpressen, i de listor du väljer, när du godkänner det.
      </p>
      <p className="mt-2 font-sans text-sm text-ink-soft">
        Producentens betyg: {producerRatingText(wine)}. Det visas inte som Folkets betyg, som bara kommer från medlemmarnas recensioner.
      </p>
      <div className="mt-5 space-y-5">
        <Controller
          control={control}
          name="categories"
          render={({ field }) => (
            <CheckboxGroup
              id="approve-categories"
              ref={field.ref}
              legend="Visas i listorna"
              required
              options={WINE_CATEGORIES.map((c) => ({ value: c, label: WINE_CATEGORY_LABELS[c] }))}
              selected={field.value ?? []}
              onSelectedChange={(v) => field.onChange(v as WineCategory[])}
              hint="Välj minst en lista: Fynd, Aktuella vintips eller Folkets val."
              error={errors.categories?.message ?? errors.categories?.root?.message}
            />
          )}
        />
        <div>
          <Checkbox label="Granskad av Vinpressen" {...register('isGranskadVinpressen')} />
          <FieldHint id="approve-granskad-hint">Vinet får märket 'Granskad av Vinpressen' på sidan och i listorna.</FieldHint>
        </div>
        <div className="grid grid-cols-[1fr_auto] items-end gap-4">
          <SelectField
            variant="admin"
            label="Medalj"
            {...register('medalDesignId')}
            options={options}
            hint={medalHint}
            disabled={designs.isPending}
          />
          <div className="grid size-20 place-items-center border border-rule bg-white/60" aria-live="polite">
            {chosen ? (
              <img src={medalPreviewUrl(chosen)} alt={`Förhandsvisning: ${chosen.name}`} width={72} height={72} className="size-18" />
            ) : (
              <span className="px-1 text-center font-sans text-xs text-muted">Ingen medalj</span>
            )}
          </div>
        </div>
      </div>
      <div className="mt-7 flex flex-wrap justify-end gap-3">
        <button type="button" className="btn-outline" onClick={onClose}>
          Avbryt
        </button>
        <button type="submit" className="btn-primary" disabled={approve.isPending}>
          {approve.isPending ? 'Godkänner…' : 'Godkänn vin'}
        </button>
      </div>
    </form>
  );
}

/**
 * 'Avvisa': a required reason (spec 001 §5: empty → 'Anledning krävs' / 'Ange en anledning för avvisandet.'),
 * mailed to the partner. Toasts 'Vin avvisat' / 'Fel vid avvisande' come from useRejectWine; the server's field
 * message shows under the reason; a wine decided meanwhile (409) closes the dialog and refreshes the lists.
 */
export function RejectWineDialog({ wine, onClose }: { wine: PartnerWine | null; onClose: () => void }) {
  return (
    <Dialog open={wine !== null} onClose={onClose} title="Avvisa vin">
      {wine && <RejectForm key={wine.id} wine={wine} onClose={onClose} />}
    </Dialog>
  );
}

function RejectForm({ wine, onClose }: { wine: PartnerWine; onClose: () => void }) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof RejectWineBody>>({
    // RejectWineBody, the server's schema (api/contract/partner-review.ts: 'Ange en anledning för avvisandet.' for a
    // blank reason, at most 2,000 characters); raw: the reason is sent as typed.
    resolver: zodResolver(RejectWineBody, undefined, { raw: true }),
    defaultValues: { reason: '' },
  });
  const reject = useRejectWine(() => onClose());

  const onSubmit = handleSubmit(
    (body) =>
      reject.mutate(
        { id: wine.id, body },
        {
          onError: (err) => {
            if (isConflict(err)) {
              void queryClient.invalidateQueries({ queryKey: ['/api/admin/wines'] });
              onClose();
              return;
            }
            setServerFieldErrors(err, setError, ['reason']);
          },
        },
      ),
    (problems) => {
      // react-hook-form focuses the reason; the toast names the missing reason (spec 001 §8).
      if (problems.reason?.message === PARTNER_MESSAGES.reasonRequired)
        toast.error(PARTNER_MESSAGES.reasonRequiredTitle, { description: PARTNER_MESSAGES.reasonRequired });
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <p className="text-ink-soft">
        <strong className="text-ink">{nameWithVintage(wine)}</strong> publiceras inte. Partnern får anledningen med e-post
        {wine.owner ? ` (${wine.owner.email})` : ''}.
      </p>
      <div className="mt-5">
        <TextAreaField
          variant="admin"
          label="Anledning"
          required
          {...register('reason')}
          error={errors.reason?.message}
          hint="Skriv vad som behöver ändras, så att partnern kan rätta och skicka in vinet igen."
          maxLength={2000}
          rows={5}
          data-autofocus
        />
      </div>
      <div className="mt-7 flex flex-wrap justify-end gap-3">
        <button type="button" className="btn-outline" onClick={onClose}>
          Avbryt
        </button>
        <button type="submit" className={`${dangerButtonClass} min-h-11 px-4 text-sm`} disabled={reject.isPending}>
          {reject.isPending ? 'Avvisar…' : 'Avvisa vin'}
        </button>
      </div>
    </form>
  );
}
