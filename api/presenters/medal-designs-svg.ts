import { MEDAL_CATEGORY_LABELS, type MedalCategory } from '../contract/medal-designs';

/** The colours of a medal: body gradient, ribbons and their stripes, the scalloped rosette, rings and text. */
interface Palette {
  light: string;
  dark: string;
  ribbon: string;
  stripe: string;
  rosette: string;
  ring: string;
  text: string;
}

// The palettes of the site's own medals (pwa/public/images/medals/*.svg): gold Fynd, wine-red Aktuella vintips,
// green Folkets val; the review mark in ink.
const PALETTES: Readonly<Record<MedalCategory, Palette>> = {
  FYND: { light: '#f3dc98', dark: '#d9b458', ribbon: '#9a7020', stripe: '#e7c873', rosette: '#b8892b', ring: '#8a6420', text: '#3d2a06' },
  NYLANSERAD: { light: '#93303f', dark: '#6a1825', ribbon: '#7b1e2b', stripe: '#b8892b', rosette: '#5e1520', ring: '#e7c873', text: '#faf7f2' },
  FOLKETS_VAL: { light: '#3f7565', dark: '#254c41', ribbon: '#2f5d50', stripe: '#b8892b', rosette: '#1f4037', ring: '#e7c873', text: '#faf7f2' },
  GRANSKAD: { light: '#4a4a58', dark: '#26262f', ribbon: '#34343f', stripe: '#b8892b', rosette: '#1c1c24', ring: '#e7c873', text: '#faf7f2' },
};

/** Escapes text for SVG/XML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
const toHex = (c: number[]) =>
  `#${c
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
/** `hex` moved a share `t` (0–1) towards `towards`. */
const mix = (hex: string, towards: string, t: number) => {
  const a = rgb(hex);
  const b = rgb(towards);
  return toHex(a.map((v, i) => v + (b[i]! - v) * t));
};
/** Relative luminance 0 (black) – 1 (white), WCAG. */
function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The category palette, with the design's own colours (#rrggbb) in place of the body and/or accent colours. */
export function medalPalette(category: MedalCategory, primary: string | null, accent: string | null): Palette {
  const base = PALETTES[category];
  const palette: Palette = primary
    ? {
        light: mix(primary, '#ffffff', 0.18),
        dark: mix(primary, '#000000', 0.22),
        ribbon: mix(primary, '#000000', 0.12),
        stripe: base.stripe,
        rosette: mix(primary, '#000000', 0.35),
        ring: luminance(primary) > 0.45 ? mix(primary, '#000000', 0.45) : '#e7c873',
        text: luminance(primary) > 0.45 ? mix(primary, '#000000', 0.82) : '#faf7f2',
      }
    : { ...base };
  if (accent) {
    palette.stripe = accent;
    palette.ring = accent;
  }
  return palette;
}

/** Average advance of Georgia bold capitals, in ems (measured over A–Ö; only used to size the text). */
const CAP_WIDTH_EM = 0.7;

/** The name in one line, or in two balanced lines at a space when it is long. */
export function medalLines(name: string): string[] {
  const text = name.trim().replace(/\s+/g, ' ').toLocaleUpperCase('sv-SE');
  const spaces = [...text.matchAll(/ /g)].map((m) => m.index);
  if (text.length <= 10 || spaces.length === 0) return [text];
  let best = spaces[0]!;
  // Ties go to the longer first line: the disc is wider at the upper line.
  for (const i of spaces) if (Math.max(i, text.length - i - 1) <= Math.max(best, text.length - best - 1)) best = i;
  return [text.slice(0, best), text.slice(best + 1)];
}

function textLine(line: string, x: number, y: number, maxSize: number, maxWidth: number): string {
  const size = Math.max(6, Math.min(maxSize, maxWidth / (CAP_WIDTH_EM * Math.max(line.length, 1))));
  const width = Math.min(maxWidth, CAP_WIDTH_EM * size * line.length);
  const r = (n: number) => Math.round(n * 10) / 10;
  return `<text x="${x}" y="${r(y)}" font-size="${r(size)}" textLength="${r(width)}" lengthAdjust="spacingAndGlyphs">${escapeXml(line)}</text>`;
}

/**
 * A medal as a standalone SVG document (120 × 120 user units) in the look of the site's own medals: two
 * ribbons, a scalloped rosette, a gradient disc with rings, three stars, the name in capitals (one or two
 * lines, sized to fit) over a rule and the word VINPRESSEN. The name is XML-escaped, so any text is safe.
 *
 * @param design id (a slug; used for the gradient id so several medals can share a page), name (≤ 40
 *   characters), category (palette), optional colours '#rrggbb'
 */
export function renderMedalSvg(design: {
  id: string;
  name: string;
  category: MedalCategory;
  primaryColor: string | null;
  accentColor: string | null;
}): string {
  const p = medalPalette(design.category, design.primaryColor, design.accentColor);
  const gradient = `medal-${escapeXml(design.id)}`;
  const lines = medalLines(design.name);
  const oneLine = lines.length === 1;
  const texts = oneLine ? [textLine(lines[0]!, 60, 63.5, 25, 70)] : [textLine(lines[0]!, 60, 51, 16, 66), textLine(lines[1]!, 60, 69, 16, 64)];
  const ruleY = oneLine ? 71 : 76;
  const title = `${design.name} – ${MEDAL_CATEGORY_LABELS[design.category]}, Vinpressen`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="120" height="120" role="img" aria-label="${escapeXml(title)}">`,
    `<title>${escapeXml(title)}</title>`,
    `<defs><radialGradient id="${gradient}" cx=".4" cy=".35" r=".75"><stop offset="0" stop-color="${p.light}"/><stop offset="1" stop-color="${p.dark}"/></radialGradient></defs>`,
    `<g fill="${p.ribbon}"><path transform="rotate(22 60 55)" d="M50 55H70V117L60 109 50 117Z"/><path transform="rotate(-22 60 55)" d="M50 55H70V117L60 109 50 117Z"/></g>`,
    `<g stroke="${p.stripe}" stroke-width="1.2" fill="none"><path transform="rotate(22 60 55)" d="M53 100V113M67 100V113"/><path transform="rotate(-22 60 55)" d="M53 100V113M67 100V113"/></g>`,
    `<path d="M60.0 10.0A6.9 6.9 0 0 1 72.7 11.8A6.9 6.9 0 0 1 84.3 17.1A6.9 6.9 0 0 1 94.0 25.5A6.9 6.9 0 0 1 100.9 36.3A6.9 6.9 0 0 1 104.5 48.6A6.9 6.9 0 0 1 104.5 61.4A6.9 6.9 0 0 1 100.9 73.7A6.9 6.9 0 0 1 94.0 84.5A6.9 6.9 0 0 1 84.3 92.9A6.9 6.9 0 0 1 72.7 98.2A6.9 6.9 0 0 1 60.0 100.0A6.9 6.9 0 0 1 47.3 98.2A6.9 6.9 0 0 1 35.7 92.9A6.9 6.9 0 0 1 26.0 84.5A6.9 6.9 0 0 1 19.1 73.7A6.9 6.9 0 0 1 15.5 61.4A6.9 6.9 0 0 1 15.5 48.6A6.9 6.9 0 0 1 19.1 36.3A6.9 6.9 0 0 1 26.0 25.5A6.9 6.9 0 0 1 35.7 17.1A6.9 6.9 0 0 1 47.3 11.8A6.9 6.9 0 0 1 60.0 10.0Z" fill="${p.rosette}"/>`,
    `<circle cx="60" cy="55" r="44" fill="url(#${gradient})"/>`,
    `<circle cx="60" cy="55" r="40.5" fill="none" stroke="${p.ring}" stroke-width="1"/>`,
    `<circle cx="60" cy="55" r="42.5" fill="none" stroke="${p.ring}" stroke-width="1.2" stroke-dasharray=".8 2.2" opacity=".7"/>`,
    `<g fill="${p.text}">`,
    `<path d="M52.0 28.8L52.6 30.2L54.1 30.3L52.9 31.3L53.3 32.8L52.0 31.9L50.7 32.8L51.1 31.3L49.9 30.3L51.4 30.2ZM60.0 27.2L60.7 29.0L62.7 29.1L61.1 30.4L61.6 32.3L60.0 31.2L58.4 32.3L58.9 30.4L57.3 29.1L59.3 29.0ZM68.0 28.8L68.6 30.2L70.1 30.3L68.9 31.3L69.3 32.8L68.0 31.9L66.7 32.8L67.1 31.3L65.9 30.3L67.4 30.2Z"/>`,
    `<path d="M48 ${ruleY}H72" stroke="${p.ring}" stroke-width="1"/>`,
    `<g font-family="Georgia, 'Times New Roman', serif" font-weight="bold" text-anchor="middle">${texts.join('')}</g>`,
    `<text x="60" y="${ruleY + 8}" font-family="Georgia, 'Times New Roman', serif" font-size="5.5" letter-spacing="1.2" text-anchor="middle">VINPRESSEN</text>`,
    `</g>`,
    `</svg>`,
  ].join('\n');
}
