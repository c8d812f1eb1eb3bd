import { z } from 'zod';
import { ApprovalStatus, WineCategory } from './enums';

const Scale = z.number().int().min(1).max(5).nullable();

/** A public wine (spec 000 §3 'Wine'). Prices in SEK incl. VAT; alcoholContent in % by volume; scales 1–5. */
export const Wine = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string(),
    price: z.number().meta({ description: 'SEK incl. VAT' }),
    rating: z.number().min(1).max(5).nullable().meta({ description: '1–5 glasses; null until rated' }),
    categories: z.array(WineCategory),
    vintage: z.number().int().nullable(),
    country: z.string().nullable(),
    region: z.string().nullable(),
    grapeVariety: z.string().nullable(),
    alcoholContent: z.number().nullable().meta({ description: '% by volume' }),
    systembolagetUrl: z.string().nullable(),
    imageUrl: z.string().nullable(),
    sweetness: Scale,
    acidity: Scale,
    body: Scale,
    tannins: Scale,
    fruity: Scale,
    foodPairings: z.array(z.string()),
    occasions: z.array(z.string()),
    isGranskadVinpressen: z.boolean(),
    approvalStatus: ApprovalStatus,
    producer: z.string().nullable(),
    volumeMl: z.number().int().nullable().meta({ description: 'ml' }),
    wineType: z.string().nullable().meta({ example: 'Rött vin' }),
    packaging: z.string().nullable(),
    style: z.string().nullable(),
    color: z.string().nullable(),
    serving: z.string().nullable().meta({ description: "Systembolaget's serving text, e.g. 'Serveras vid 16-18°C till …'" }),
    productNumber: z.string().nullable().meta({ description: "Systembolaget's varunummer" }),
    isOrganic: z.boolean().nullable(),
    createdAt: z.string().meta({ description: 'ISO 8601' }),
  })
  .meta({ id: 'Wine' });
export type Wine = z.infer<typeof Wine>;

const uuidList = z
  .string()
  .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
  .pipe(z.array(z.uuid({ message: 'Ogiltigt vin-id' })).min(1).max(100, { message: 'Högst 100 id:n åt gången' }));

/** Query of GET /api/wines. */
export const WineListQuery = z
  .object({
    category: WineCategory.optional().meta({ description: 'FYND, NYLANSERAD or FOLKETS_VAL' }),
    ids: uuidList.optional().meta({ description: 'Comma-separated wine ids (at most 100), e.g. for recipes' }),
    limit: z.coerce.number().int().min(1).max(500).optional(),
  })
  .strict();
export type WineListQuery = z.infer<typeof WineListQuery>;

export const WineList = z.array(Wine).meta({ id: 'WineList' });

export const WineIdParams = z.object({ id: z.uuid({ message: 'Ogiltigt vin-id' }) });

/** One entry of GET /api/slider-wines (spec 000 §3 'Slider item'). */
export const SliderItem = z
  .object({
    id: z.uuid(),
    label: z.string(),
    position: z.number().int().min(1).max(10),
    wine: Wine,
  })
  .meta({ id: 'SliderItem' });
export type SliderItem = z.infer<typeof SliderItem>;
export const SliderList = z.array(SliderItem);
