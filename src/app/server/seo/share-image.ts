import sharp from 'sharp';
import { DEFAULT_SHARE_IMAGE_SIZE } from './render-head';

const { width, height } = DEFAULT_SHARE_IMAGE_SIZE;

/** The brand card shown in link previews of pages without their own image. */
const SHARE_CARD_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0f172a"/>
      <stop offset="1" stop-color="#312e81"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <rect x="80" y="150" width="96" height="128" rx="8" fill="#f8fafc"/>
  <rect x="96" y="174" width="64" height="8" rx="4" fill="#94a3b8"/>
  <rect x="96" y="194" width="52" height="8" rx="4" fill="#94a3b8"/>
  <rect x="96" y="214" width="60" height="8" rx="4" fill="#94a3b8"/>
  <polygon points="200,190 236,214 200,238" fill="#fbbf24"/>
  <rect x="256" y="166" width="140" height="96" rx="10" fill="none" stroke="#fbbf24" stroke-width="8"/>
  <text x="80" y="400" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="88" font-weight="bold" fill="#f8fafc">PageToScreen</text>
  <text x="80" y="470" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="38" fill="#cbd5e1">The UK marketplace for film and TV adaptation rights</text>
</svg>`;

let rendered: Promise<Buffer> | undefined;

/** PNG of the share card, rendered once per process (social networks do not read SVG). */
export function defaultShareImage(): Promise<Buffer> {
  rendered ??= sharp(Buffer.from(SHARE_CARD_SVG)).png({ compressionLevel: 9 }).toBuffer();
  rendered.catch(() => {
    rendered = undefined;
  });
  return rendered;
}
