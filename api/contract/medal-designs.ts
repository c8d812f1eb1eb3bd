import { z } from 'zod';
import { WINE_CATEGORY_LABELS } from './constants';

/** Strict objects answer unknown fields in Swedish ('Okänt fält: x'), like every other message here. */
const STRICT = {
  error: (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys' ? `Okänt fält: ${(issue.keys ?? []).join(', ')}` : 'Uppgifterna måste skickas som ett JSON-objekt',
};

/**
 * Medal designs (spec 001 §2 'Medaljhantering', §3 'Medal design': id, name, category). Each design is drawn
 * by the server as an SVG medal (GET /api/medal-designs/{id}.svg) in the look of the site's own medals.
 *
 * `category` is decided here as a closed set, the site's own marks: the three wine categories (FYND,
 * NYLANSERAD = 'Aktuella vintips', FOLKETS_VAL) and the review mark GRANSKAD ('Granskad av Vinpressen').
 * It gives the medal its palette and says what it stands for, so a medal never claims an award the site
 * does not give; the name is the free text on the medal. Optional colours override the palette.
 */
export const MEDAL_CATEGORIES = ['FYND', 'NYLANSERAD', 'FOLKETS_VAL', 'GRANSKAD'] as const;
export const MedalCategory = z.enum(MEDAL_CATEGORIES, { message: 'Kategorin måste vara FYND, NYLANSERAD, FOLKETS_VAL eller GRANSKAD' });
export type MedalCategory = z.infer<typeof MedalCategory>;

/** Swedish labels of the categories (for forms and the medal's title). */
export const MEDAL_CATEGORY_LABELS: Readonly<Record<MedalCategory, string>> = { ...WINE_CATEGORY_LABELS, GRANSKAD: 'Granskad av Vinpressen' };

export const MEDAL_ID_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const MEDAL_ID_MAX = 60;
export const MEDAL_NAME_MAX = 40;

export const MEDAL_MESSAGES = {
  idInvalid: 'Id får bara innehålla små bokstäver a–z, siffror och enkla bindestreck (högst 60 tecken), t.ex. "arets-fynd".',
  nameRequired: 'Namn krävs',
  nameTooLong: `Namnet får vara högst ${MEDAL_NAME_MAX} tecken`,
  colorInvalid: 'Färgen måste anges som #rrggbb, t.ex. #7b1e2b',
  notFound: 'Medaljen finns inte.',
  idTaken: 'Det finns redan en medalj med det id:t.',
  nothingToChange: 'Ange något att ändra',
} as const;

export const MedalDesignId = z
  .string({ message: MEDAL_MESSAGES.idInvalid })
  .trim()
  .max(MEDAL_ID_MAX, { message: MEDAL_MESSAGES.idInvalid })
  .regex(MEDAL_ID_PATTERN, { message: MEDAL_MESSAGES.idInvalid })
  .meta({ example: 'arets-fynd' });

const Name = z
  .string({ message: MEDAL_MESSAGES.nameRequired })
  .trim()
  .min(1, { message: MEDAL_MESSAGES.nameRequired })
  .max(MEDAL_NAME_MAX, { message: MEDAL_MESSAGES.nameTooLong })
  .meta({ example: 'Årets fynd' });

const Color = z
  .string({ message: MEDAL_MESSAGES.colorInvalid })
  .trim()
  .toLowerCase()
  .regex(/^#[0-9a-f]{6}$/, { message: MEDAL_MESSAGES.colorInvalid })
  .nullable()
  .meta({ description: '#rrggbb; null: the category palette' });

/** A medal design as the API answers it. `svgUrl` draws it; add `?download=1` to download it as a file. */
export const MedalDesign = z
  .object({
    id: z.string(),
    name: z.string(),
    category: MedalCategory,
    primaryColor: z.string().nullable().meta({ description: 'medal colour #rrggbb; null: the category palette' }),
    accentColor: z.string().nullable().meta({ description: 'rings and ribbon stripes #rrggbb; null: the category palette' }),
    svgUrl: z.string().meta({ example: '/api/medal-designs/fynd.svg' }),
    createdAt: z.string().meta({ description: 'ISO 8601' }),
    updatedAt: z.string().meta({ description: 'ISO 8601' }),
  })
  .meta({ id: 'MedalDesign' });
export type MedalDesign = z.infer<typeof MedalDesign>;

export const MedalDesignList = z.object({ items: z.array(MedalDesign) }).meta({ id: 'MedalDesignList' });
export type MedalDesignList = z.infer<typeof MedalDesignList>;

/** POST /api/admin/medal-designs body. Without an id, one is made from the name ('Årets fynd' → 'arets-fynd'). */
export const MedalDesignCreate = z
  .strictObject(
    {
      id: MedalDesignId.optional(),
      name: Name,
      category: MedalCategory,
      primaryColor: Color.optional(),
      accentColor: Color.optional(),
    },
    STRICT,
  )
  .meta({ id: 'MedalDesignCreate' });
export type MedalDesignCreate = z.infer<typeof MedalDesignCreate>;

/**
 * PUT /api/admin/medal-designs/{id} body: the fields to change (omitted: unchanged; a colour set to null goes
 * back to the category palette). The id cannot change: wines and downloads refer to it.
 */
export const MedalDesignUpdate = z
  .strictObject(
    {
      name: Name.optional(),
      category: MedalCategory.optional(),
      primaryColor: Color.optional(),
      accentColor: Color.optional(),
    },
    STRICT,
  )
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: MEDAL_MESSAGES.nothingToChange })
  .meta({ id: 'MedalDesignUpdate' });
export type MedalDesignUpdate = z.infer<typeof MedalDesignUpdate>;

export const MedalDesignParams = z.object({ id: MedalDesignId });

/** GET /api/medal-designs/{id}.svg query: download=1 answers it as an attachment named '{id}.svg'. */
export const MedalSvgQuery = z.object({
  download: z.enum(['0', '1', 'true', 'false'], { message: 'download måste vara 1 eller 0' }).optional(),
});

/**
 * An id made from a medal name: lower case, å/ä → a, ö → o, accents dropped, anything else → '-'
 * ('Årets fynd 2026' → 'arets-fynd-2026'). Empty when the name has no letters or digits.
 */
export function medalIdFromName(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MEDAL_ID_MAX)
    .replace(/-+$/, '');
}
