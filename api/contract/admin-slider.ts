import { z } from 'zod';
import { swedishYearMonth } from './dates';
import { LIMITS } from './constants';
import { ApprovalStatus } from './enums';
import { WineSummary } from './wines';

/** Strict objects answer unknown fields in Swedish ('Okänt fält: x'), like every other message here. */
const STRICT = {
  error: (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys' ? `Okänt fält: ${(issue.keys ?? []).join(', ')}` : 'Uppgifterna måste skickas som ett JSON-objekt',
};

/**
 * The slider admin 'MÅNADENS VIN-SLIDER' (spec 001 §2 'Slider admin', §3 'Slider entry', §5, §9): one month's
 * entries, each a wine at a position 1–10 with a label. The original's calls are not shown, so they are
 * designed here in the style of the others: /api/admin/slider-entries.
 */

/** How many years before and after the current one the admin may pick (spec 001 §9: current year ±2). */
export const SLIDER_YEAR_SPAN = 2;
/** Longest label, in characters (the home-page slider shows it as a kicker above the wine's name). */
export const SLIDER_LABEL_MAX = 60;

/** The current year in Swedish time (the slider's months are Swedish months). */
export function currentStockholmYear(date = new Date()): number {
  return swedishYearMonth(date).year;
}

/** The current year and month (1–12) in Swedish time: the slider admin opens on this month. */
export function currentStockholmYearMonth(date = new Date()): { year: number; month: number } {
  return swedishYearMonth(date);
}

/** The years the slider admin offers (spec 001 §5, §9: current year −2 … +2, Swedish time), ascending. */
export function sliderYears(date = new Date()): number[] {
  const now = currentStockholmYear(date);
  return Array.from({ length: SLIDER_YEAR_SPAN * 2 + 1 }, (_, i) => now - SLIDER_YEAR_SPAN + i);
}

/** The Swedish month names, January first (spec 001 §2: the month select shows them). */
export const SWEDISH_MONTH_NAMES = [
  'januari',
  'februari',
  'mars',
  'april',
  'maj',
  'juni',
  'juli',
  'augusti',
  'september',
  'oktober',
  'november',
  'december',
] as const;

const yearInRange = (year: number, ctx: z.RefinementCtx) => {
  const now = currentStockholmYear();
  if (year < now - SLIDER_YEAR_SPAN || year > now + SLIDER_YEAR_SPAN) {
    ctx.addIssue({ code: 'custom', message: `Året måste vara mellan ${now - SLIDER_YEAR_SPAN} och ${now + SLIDER_YEAR_SPAN}` });
  }
};

const YEAR_MESSAGE = { message: 'Året måste vara ett heltal' };
const MONTH_MESSAGE = { message: 'Månaden måste vara ett heltal mellan 1 och 12' };
const POSITION_MESSAGE = { message: `Positionen måste vara ett heltal mellan ${LIMITS.sliderPositionMin} och ${LIMITS.sliderPositionMax}` };

const Year = z.number(YEAR_MESSAGE).int(YEAR_MESSAGE).superRefine(yearInRange).meta({ description: 'Current year ±2 (Swedish time)' });
const Month = z.number(MONTH_MESSAGE).int(MONTH_MESSAGE).min(1, MONTH_MESSAGE).max(12, MONTH_MESSAGE).meta({ description: '1–12' });
const Position = z
  .number(POSITION_MESSAGE)
  .int(POSITION_MESSAGE)
  .min(LIMITS.sliderPositionMin, POSITION_MESSAGE)
  .max(LIMITS.sliderPositionMax, POSITION_MESSAGE)
  .meta({ description: '1–10, unique within the month' });
const Label = z
  .string({ message: 'Etiketten måste vara text' })
  .trim()
  .max(SLIDER_LABEL_MAX, { message: `Etiketten får vara högst ${SLIDER_LABEL_MAX} tecken` })
  .meta({ example: 'Månadens fynd' });

/** Query of GET /api/admin/slider-entries. Both default to the current month (Swedish time). */
export const SliderMonthQuery = z.strictObject(
  {
    year: z.coerce
      .number(YEAR_MESSAGE)
      .int(YEAR_MESSAGE)
      .superRefine(yearInRange)
      .optional()
      .meta({ description: 'Current year ±2; default the current year' }),
    month: z.coerce
      .number(MONTH_MESSAGE)
      .int(MONTH_MESSAGE)
      .min(1, MONTH_MESSAGE)
      .max(12, MONTH_MESSAGE)
      .optional()
      .meta({ description: '1–12; default the current month' }),
  },
  STRICT,
);
export type SliderMonthQuery = z.infer<typeof SliderMonthQuery>;

/** POST /api/admin/slider-entries body. The wine must be published (approved): the public slider shows only those. */
export const SliderEntryCreate = z
  .strictObject(
    {
      year: Year,
      month: Month,
      wineId: z.uuid({ message: 'Välj ett vin' }),
      position: Position,
      label: Label.default(''),
    },
    STRICT,
  )
  .meta({ id: 'SliderEntryCreate' });
export type SliderEntryCreate = z.infer<typeof SliderEntryCreate>;

/** PUT /api/admin/slider-entries/{id} body (the edit form: position, label). At least one of them. */
export const SliderEntryUpdate = z
  .strictObject({ position: Position.optional(), label: Label.optional() }, STRICT)
  .refine((b) => b.position !== undefined || b.label !== undefined, { message: 'Ange position eller etikett' })
  .meta({ id: 'SliderEntryUpdate' });
export type SliderEntryUpdate = z.infer<typeof SliderEntryUpdate>;

/** POST /api/admin/slider-entries/{id}/move body: swap places with the neighbour above or below. */
export const SliderEntryMove = z
  .strictObject({ direction: z.enum(['up', 'down'], { message: "Riktningen måste vara 'up' eller 'down'" }) }, STRICT)
  .meta({ id: 'SliderEntryMove' });
export type SliderEntryMove = z.infer<typeof SliderEntryMove>;

export const SliderEntryParams = z.object({ id: z.uuid({ message: 'Ogiltigt id' }) });

/** The wine of an admin slider entry: the card fields and its approval status (only approved wines are shown publicly). */
export const AdminSliderWine = WineSummary.extend({ approvalStatus: ApprovalStatus }).meta({ id: 'AdminSliderWine' });
export type AdminSliderWine = z.infer<typeof AdminSliderWine>;

/** One slider entry as the admin sees it (spec 001 §3 'Slider entry'). */
export const AdminSliderEntry = z
  .object({
    id: z.uuid(),
    year: z.number().int(),
    month: z.number().int().min(1).max(12),
    position: z.number().int().min(1).max(10),
    label: z.string(),
    wineId: z.uuid(),
    wine: AdminSliderWine,
    createdAt: z.string().meta({ description: 'ISO 8601' }),
    updatedAt: z.string().meta({ description: 'ISO 8601' }),
  })
  .meta({ id: 'AdminSliderEntry' });
export type AdminSliderEntry = z.infer<typeof AdminSliderEntry>;

/** A month's slider, entries in position order (GET list, and the answer of a move). */
export const AdminSliderMonth = z
  .object({
    year: z.number().int(),
    month: z.number().int().min(1).max(12),
    items: z.array(AdminSliderEntry),
  })
  .meta({ id: 'AdminSliderMonth' });
export type AdminSliderMonth = z.infer<typeof AdminSliderMonth>;

/** The slider admin's Swedish error messages (`month` as text, e.g. 'november 2026'). */
export const SLIDER_MESSAGES = {
  notFound: 'Sliderposten finns inte.',
  wineNotFound: 'Vinet finns inte.',
  wineNotPublished: 'Bara publicerade (godkända) viner kan visas i slidern.',
  positionTaken: (position: number, month: string) =>
    `Position ${position} är redan upptagen i slidern för ${month}. Välj en annan position eller flytta vinet som står där.`,
  wineTaken: (month: string) => `Vinet finns redan i slidern för ${month}.`,
  alreadyFirst: 'Vinet ligger redan först i slidern.',
  alreadyLast: 'Vinet ligger redan sist i slidern.',
} as const;
