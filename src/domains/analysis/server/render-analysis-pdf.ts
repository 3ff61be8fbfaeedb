import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Analysis, Figure } from '../analysis.schema';

/** Standard PDF fonts speak WinAnsi: typographic characters become their plain equivalents. */
function plain(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014\u2212]/g, '-')
    .replace(/×/g, 'x')
    .replace(/÷/g, '/')
    .replace(/§/g, 's.')
    .replace(/[^\x20-\x7e£]/g, '');
}

export function formatFigure(figure: Figure): string {
  if (figure.kind === 'insufficient' || figure.value === null) return 'Insufficient data';
  const { value, unit } = figure;
  const suffix = figure.kind === 'default' ? ' (genre default)' : '';
  if (Array.isArray(value)) return value.join(', ') + suffix;
  if (typeof value === 'string') return value + suffix;
  switch (unit) {
    case 'usd':
      return `$${(value / 1_000_000).toFixed(1)}M${suffix}`;
    case 'gbp':
      return `£${value.toLocaleString('en-GB')}${suffix}`;
    case 'percent':
      return `${value}%${suffix}`;
    case 'probability':
      return `${Math.round(value * 100)}%${suffix}`;
    case 'multiple':
      return `${value}x${suffix}`;
    case 'score':
      return `${value}/100${suffix}`;
    default:
      return `${value.toLocaleString('en-GB')}${suffix}`;
  }
}

/**
 * The one-page summary a producer takes to financiers: the score and its parts, the financial
 * figures, the scenarios, the first comparables, and where every figure comes from.
 */
export async function renderAnalysisPdf(
  analysis: Analysis,
  listing: { title: string; author: string },
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(plain(`Commercial analysis: ${listing.title}`));
  pdf.setProducer('PageToScreen');
  pdf.setCreationDate(new Date(analysis.computedAt));
  const page = pdf.addPage([595.28, 841.89]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = 800;
  const write = (
    text: string,
    options: { font?: PDFFont; size?: number; indent?: number } = {},
  ) => {
    const size = options.size ?? 9;
    const font = options.font ?? regular;
    const maxWidth = 515 - (options.indent ?? 0);
    const words = plain(text).split(' ');
    let line = '';
    const lines: string[] = [];
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > maxWidth && line) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    for (const text of lines) {
      if (y < 40) return;
      draw(page, text, 40 + (options.indent ?? 0), y, font, size);
      y -= size + 3;
    }
  };
  const gap = (points = 6) => {
    y -= points;
  };

  write(`Commercial analysis: ${listing.title}`, { font: bold, size: 16 });
  write(
    `by ${listing.author} - computed ${analysis.computedAt.slice(0, 10)}, engine ${analysis.engineVersion}`,
  );
  gap();
  const score = analysis.viabilityScore;
  write(
    `Viability score: ${formatFigure(score)}${analysis.tier ? ` - ${analysis.tier} (${analysis.label})` : ''} - price tier ${analysis.priceTier}`,
    { font: bold, size: 12 },
  );
  write(`Formula: ${score.basis.formula}`);
  for (const [name, figure] of Object.entries(analysis.static)) {
    write(`${name}: ${formatFigure(figure)} - ${figure.basis.formula}`, { indent: 10 });
  }
  gap();
  write('Financial', { font: bold, size: 11 });
  const financial: Array<[string, Figure]> = [
    ['Production budget', analysis.financial.productionBudget],
    ['Break-even gross', analysis.financial.breakEvenGross],
    ['Forecast gross', analysis.financial.forecastGross],
    ['Forecast margin', analysis.financial.forecastMargin],
    ['ROI multiple', analysis.financial.roiMultiple],
  ];
  for (const [name, figure] of financial) {
    const comparables =
      figure.basis.comparables === null ? '' : ` (${figure.basis.comparables} films)`;
    write(`${name}: ${formatFigure(figure)}${comparables} - ${figure.basis.formula}`, {
      indent: 10,
    });
  }
  gap();
  write('Scenarios (worldwide gross, today’s dollars)', { font: bold, size: 11 });
  for (const [name, scenario] of Object.entries(analysis.forecasting.scenarios)) {
    write(
      `${name}: ${formatFigure(scenario.gross)}, reached by ${Math.round(scenario.probability * 100)}% of comparables`,
      { indent: 10 },
    );
  }
  gap();
  write(
    `Comparable films (${analysis.forecasting.comparablesCount}): ${analysis.forecasting.comparablesRule}`,
    {
      font: bold,
      size: 11,
    },
  );
  for (const film of analysis.forecasting.comparableFilms.slice(0, 5)) {
    write(
      `${film.title} (${film.year}) - gross ${film.actualGross === null ? 'n/a' : `$${(film.actualGross / 1e6).toFixed(1)}M`}, budget ${film.budget === null ? 'n/a' : `$${(film.budget / 1e6).toFixed(1)}M`}, similarity ${film.similarity}`,
      { indent: 10 },
    );
  }
  gap();
  write('Recommendations', { font: bold, size: 11 });
  for (const text of analysis.recommendations.slice(0, 4)) write(`- ${text}`, { indent: 10 });
  gap();
  write('Sources', { font: bold, size: 11 });
  for (const source of analysis.sources) write(`- ${source}`, { indent: 10 });
  write(
    `Market data covers release years ${analysis.dataRange}. Input hash ${analysis.inputHash.slice(0, 16)}.`,
    {
      size: 8,
    },
  );
  return pdf.save();
}

function draw(page: PDFPage, text: string, x: number, y: number, font: PDFFont, size: number) {
  page.drawText(text, { x, y, font, size, color: rgb(0.1, 0.1, 0.12) });
}
