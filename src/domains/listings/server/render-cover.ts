import { eq } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { notFound } from '@/shared/errors';
import { createRng, hashSeed, type Rng } from '@/server/prng';
import { MEDIUM_LABELS, coverSizeOf, type Medium } from '../listings.constants';
import { canSeeListing, isOnMarket, type ListingViewer } from './listing-visibility';
import { listings } from './listings.tables';

export const COVER_NOT_FOUND = 'Cover not found';

export interface CoverInput {
  id: number;
  title: string;
  author: string;
  medium: string;
  /** 1 (the default) is the cover; 2, 3... are alternative palettes for gallery images. */
  variant?: number;
}

interface Palette {
  background: string;
  backgroundEnd: string;
  shapes: [string, string, string];
  text: string;
  mutedText: string;
  panel: string;
}

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const value = l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

function makePalette(rng: Rng): Palette {
  const hue = rng.int(0, 359);
  const scheme = rng.pick([150, 180, 30, 120, -40, 210] as const);
  const accentHue = (hue + scheme + 360) % 360;
  const thirdHue = (hue + rng.int(15, 45)) % 360;
  const isDark = rng.chance(0.7);
  if (isDark) {
    return {
      background: hslToHex(hue, rng.int(35, 65), rng.int(12, 22)),
      backgroundEnd: hslToHex((hue + 20) % 360, rng.int(35, 65), rng.int(6, 14)),
      shapes: [
        hslToHex(accentHue, rng.int(55, 85), rng.int(50, 62)),
        hslToHex(thirdHue, rng.int(40, 70), rng.int(30, 42)),
        hslToHex(hue, rng.int(30, 60), rng.int(70, 82)),
      ],
      text: '#fdfaf3',
      mutedText: hslToHex(hue, 30, 82),
      panel: 'rgba(0,0,0,0.45)',
    };
  }
  return {
    background: hslToHex(hue, rng.int(30, 55), rng.int(86, 93)),
    backgroundEnd: hslToHex((hue + 25) % 360, rng.int(30, 55), rng.int(76, 84)),
    shapes: [
      hslToHex(accentHue, rng.int(50, 80), rng.int(42, 55)),
      hslToHex(thirdHue, rng.int(40, 70), rng.int(60, 72)),
      hslToHex(hue, rng.int(40, 70), rng.int(25, 35)),
    ],
    text: hslToHex(hue, 40, 12),
    mutedText: hslToHex(hue, 25, 28),
    panel: 'rgba(255,255,255,0.7)',
  };
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function escapeXml(text: string): string {
  // Control characters other than tab and newlines are not allowed in XML 1.0.
  // eslint-disable-next-line no-control-regex
  const cleaned = text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
  return cleaned.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch]);
}

/** Greedy word wrap; long words are cut; the last kept line ends with an ellipsis if needed. */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (const rawWord of words) {
    let word = rawWord;
    while (word.length > maxChars) {
      if (current) {
        lines.push(current);
        current = '';
      }
      lines.push(word.slice(0, maxChars));
      word = word.slice(maxChars);
    }
    if (!current) current = word;
    else if (current.length + 1 + word.length <= maxChars) current = `${current} ${word}`;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1];
  kept[maxLines - 1] = `${last.slice(0, Math.max(0, maxChars - 1)).trimEnd()}…`;
  return kept;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/** The artwork behind the text: one of several compositions, placed by the PRNG. */
function artwork(rng: Rng, palette: Palette, W: number, H: number): string {
  const [a, b, c] = palette.shapes;
  const layout = rng.int(0, 6);
  const parts: string[] = [];
  switch (layout) {
    case 0: {
      // Sunset: a disc over horizontal bars.
      const r = rng.int(80, 140);
      const cx = rng.int(110, 290);
      const cy = rng.int(250, 340);
      parts.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="${a}"/>`);
      const bars = rng.int(4, 8);
      for (let i = 0; i < bars; i += 1) {
        const y = cy + 10 + i * rng.int(14, 22);
        parts.push(
          `<rect x="0" y="${y}" width="${W}" height="${rng.int(4, 10)}" fill="${i % 2 ? b : c}" opacity="0.85"/>`,
        );
      }
      break;
    }
    case 1: {
      // Diagonal bands.
      const bands = rng.int(3, 6);
      const angle = rng.int(-35, 35);
      for (let i = 0; i < bands; i += 1) {
        const y = rng.int(120, 520);
        parts.push(
          `<rect x="-200" y="${y}" width="${W + 400}" height="${rng.int(18, 70)}" fill="${[a, b, c][i % 3]}" opacity="${round(rng.float(0.55, 0.95))}" transform="rotate(${angle} ${W / 2} ${y})"/>`,
        );
      }
      break;
    }
    case 2: {
      // Dot grid with a few lit dots.
      const step = rng.int(28, 44);
      const radius = rng.int(4, Math.floor(step / 3));
      for (let y = 150; y < H - 110; y += step) {
        for (let x = step / 2; x < W; x += step) {
          const lit = rng.chance(0.12);
          parts.push(
            `<circle cx="${round(x)}" cy="${y}" r="${lit ? radius * 1.8 : radius}" fill="${lit ? a : b}" opacity="${lit ? 1 : 0.55}"/>`,
          );
        }
      }
      break;
    }
    case 3: {
      // Layered hills.
      const layers = rng.int(3, 5);
      for (let i = 0; i < layers; i += 1) {
        const base = 300 + i * rng.int(40, 70);
        const peaks = rng.int(2, 4);
        let d = `M0 ${base}`;
        for (let p = 1; p <= peaks; p += 1) {
          const x = (W / peaks) * p;
          const ctrlX = x - W / peaks / 2;
          d += ` Q${round(ctrlX)} ${base - rng.int(40, 140)} ${round(x)} ${base - rng.int(-20, 40)}`;
        }
        d += ` L${W} ${H} L0 ${H} Z`;
        parts.push(
          `<path d="${d}" fill="${[b, a, c][i % 3]}" opacity="${round(0.55 + i * 0.1)}"/>`,
        );
      }
      break;
    }
    case 4: {
      // Concentric arcs from a corner.
      const fromLeft = rng.chance(0.5);
      const cx = fromLeft ? 0 : W;
      const cy = rng.int(380, 600);
      const rings = rng.int(5, 9);
      const gap = rng.int(26, 44);
      for (let i = rings; i > 0; i -= 1) {
        parts.push(
          `<circle cx="${cx}" cy="${cy}" r="${i * gap}" fill="${[a, b, c][i % 3]}" opacity="0.9"/>`,
        );
      }
      break;
    }
    case 5: {
      // Blocks.
      const blocks = rng.int(4, 7);
      for (let i = 0; i < blocks; i += 1) {
        const x = rng.int(-20, W - 60);
        const y = rng.int(130, H - 160);
        parts.push(
          `<rect x="${x}" y="${y}" width="${rng.int(60, 200)}" height="${rng.int(40, 180)}" fill="${[a, b, c][i % 3]}" opacity="${round(rng.float(0.6, 0.95))}"/>`,
        );
      }
      break;
    }
    default: {
      // Rings.
      const cx = rng.int(80, 320);
      const cy = rng.int(220, 420);
      const rings = rng.int(4, 8);
      for (let i = 1; i <= rings; i += 1) {
        parts.push(
          `<circle cx="${cx}" cy="${cy}" r="${i * rng.int(14, 24)}" fill="none" stroke="${[a, b, c][i % 3]}" stroke-width="${rng.int(3, 12)}"/>`,
        );
      }
      parts.push(`<circle cx="${cx}" cy="${cy}" r="${rng.int(8, 20)}" fill="${a}"/>`);
    }
  }
  return parts.join('');
}

/** The SVG element opening a cover of the given size, with its accessible name. */
function svgOpen(width: number, height: number, label: string): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(label)}">`,
    `<title>${escapeXml(label)}</title>`,
  ].join('');
}

/**
 * A screenplay's cover is its title page, as the industry sends it: white paper, Courier,
 * the title centred in capitals, "Written by" and the writer, contact details at the foot.
 */
function renderTitlePage(title: string, author: string, label: string, W: number, H: number) {
  const titleLines = wrapText(title.toUpperCase(), 20, 4);
  const lineHeight = 30;
  const titleTop = Math.round(H * 0.36) - ((titleLines.length - 1) * lineHeight) / 2;
  const centred = (y: number, text: string, size: number, extra = '') =>
    `<text x="${W / 2}" y="${y}" font-size="${size}" text-anchor="middle"${extra}>${escapeXml(text)}</text>`;
  const authorLines = wrapText(author, 28, 2);
  const byTop = titleTop + titleLines.length * lineHeight + 44;
  return [
    svgOpen(W, H, label),
    `<rect width="${W}" height="${H}" fill="#fbfaf6"/>`,
    `<rect x="0.5" y="0.5" width="${W - 1}" height="${H - 1}" fill="none" stroke="#d9d4c7"/>`,
    `<g font-family="'Courier Prime', 'Courier New', Courier, monospace" fill="#1f1d1a">`,
    titleLines
      .map((line, i) => centred(titleTop + i * lineHeight, line, 24, ' font-weight="700"'))
      .join(''),
    centred(byTop, 'Written by', 16),
    authorLines.map((line, i) => centred(byTop + 30 + i * 22, line, 17)).join(''),
    `<text x="36" y="${H - 40}" font-size="12" fill="#5b574f">SCREENPLAY</text>`,
    '</g>',
    '</svg>',
  ].join('');
}

/**
 * A distinctive SVG cover for a listing, drawn in its medium's proportion (COVER_SIZES: a
 * 2:3 jacket or poster, a square podcast tile, a screenplay's title page) so it is shown whole.
 * Colours and composition come from the id (and variant): every listing's cover differs and
 * the same listing always gets the same one.
 */
export function renderCover(input: CoverInput): string {
  const variant = input.variant ?? 1;
  const rng = createRng(hashSeed('pagetoscreen-cover', input.id, variant));
  const palette = makePalette(rng);
  const title = input.title.trim() || 'Untitled';
  const author = input.author.trim();
  const mediumLabel = MEDIUM_LABELS[input.medium as Medium] ?? input.medium;
  const { width: W, height: H } = coverSizeOf(input.medium);
  const label = `Cover of ${title}${author ? ` by ${author}` : ''}`;
  if (input.medium === 'screenplay' && variant === 1) {
    return renderTitlePage(title, author, label, W, H);
  }

  // Shorter (square) covers keep the title to three lines so it never meets the author.
  const isShort = H < 500;
  const fontSize = title.length <= 14 ? 46 : title.length <= 28 ? 38 : title.length <= 48 ? 32 : 26;
  const maxChars = Math.max(8, Math.floor(340 / (fontSize * 0.56)));
  const titleLines = wrapText(title, maxChars, isShort ? 3 : 4);
  const lineHeight = Math.round(fontSize * 1.15);
  const titleTop = isShort ? 80 : 92;
  const panelHeight = titleLines.length * lineHeight + 40;
  const authorLines = wrapText(author, 30, isShort ? 1 : 2);
  const authorBottom = H - 36;

  const titleText = titleLines
    .map(
      (line, i) =>
        `<text x="40" y="${titleTop + fontSize + i * lineHeight}" font-size="${fontSize}" font-weight="700">${escapeXml(line)}</text>`,
    )
    .join('');
  const authorText = authorLines
    .map(
      (line, i) =>
        `<text x="40" y="${authorBottom - (authorLines.length - 1 - i) * 26}" font-size="22" letter-spacing="1">${escapeXml(line)}</text>`,
    )
    .join('');

  return [
    svgOpen(W, H, label),
    '<defs>',
    `<linearGradient id="bg" x1="0" y1="0" x2="${round(rng.float(0.2, 1))}" y2="1">`,
    `<stop offset="0" stop-color="${palette.background}"/>`,
    `<stop offset="1" stop-color="${palette.backgroundEnd}"/>`,
    '</linearGradient>',
    '</defs>',
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>`,
    artwork(rng, palette, W, H),
    `<rect x="24" y="${titleTop - 8}" width="${W - 48}" height="${panelHeight}" rx="6" fill="${palette.panel}"/>`,
    `<rect x="24" y="${H - 60 - authorLines.length * 26}" width="${W - 48}" height="${authorLines.length * 26 + 36}" rx="6" fill="${palette.panel}"/>`,
    `<g font-family="Georgia, 'Times New Roman', serif" fill="${palette.text}">`,
    `<text x="40" y="${titleTop - 36}" font-size="15" letter-spacing="4" fill="${palette.mutedText}" font-family="Helvetica, Arial, sans-serif">${escapeXml(mediumLabel.toUpperCase())}</text>`,
    `<rect x="40" y="${titleTop - 26}" width="48" height="3" fill="${palette.shapes[0]}"/>`,
    titleText,
    authorText,
    '</g>',
    '</svg>',
  ].join('');
}

/**
 * The cover of a stored listing the viewer may see (it draws the title and author);
 * NOT_FOUND when there is no such listing or it is off the market for this viewer.
 * `isPublic` says whether anyone may see it (and so whether a shared cache may keep it).
 */
export async function renderListingCover(
  db: Executor,
  options: { id: number; variant?: number; viewer: ListingViewer },
): Promise<{ svg: string; isPublic: boolean }> {
  const [listing] = await db
    .select({
      id: listings.id,
      title: listings.title,
      author: listings.author,
      medium: listings.medium,
      agentId: listings.agentId,
      status: listings.status,
    })
    .from(listings)
    .where(eq(listings.id, options.id))
    .limit(1);
  if (!listing || !canSeeListing(options.viewer, listing)) throw notFound(COVER_NOT_FOUND);
  return {
    svg: renderCover({ ...listing, variant: options.variant }),
    isPublic: isOnMarket(listing.status),
  };
}
