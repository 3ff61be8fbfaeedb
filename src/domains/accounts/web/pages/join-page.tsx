import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import {
  ArrowLeft,
  BarChart3,
  Brain,
  Briefcase,
  Calculator,
  FileCheck,
  Globe,
  LineChart,
  Megaphone,
  MessageSquare,
  PieChart,
  TrendingUp,
  Wallet,
} from 'lucide-react';
import { buttonClasses } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';
import { useDocumentTitle } from '@/web/lib/use-page-title';
import { paths } from '@/shared/paths';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

interface Benefit {
  icon: Icon;
  title: string;
  text: string;
}

const producerPromises: Benefit[] = [
  {
    icon: Brain,
    title: 'AI recommendations',
    text: 'Titles matched to your slate, genres and budget, each with a Market-Match Score.',
  },
  {
    icon: Calculator,
    title: 'Commercial viability analysis',
    text: 'Box office comparables, ROI projections and risk profiles before you make an offer.',
  },
  {
    icon: MessageSquare,
    title: 'Direct agent communication',
    text: 'Talk to the literary agent who represents the rights, with no middlemen in between.',
  },
  {
    icon: TrendingUp,
    title: 'Market intelligence',
    text: 'Genre trends, reader buzz and adaptation activity across film, TV and streaming.',
  },
  {
    icon: FileCheck,
    title: 'Rights verification',
    text: 'Rights status, territories and exclusivity set out on every listing, with chain of title.',
  },
  {
    icon: BarChart3,
    title: 'Analytics',
    text: 'Track your offers, success rate and pipeline from one producer dashboard.',
  },
];

const agentPromises: Benefit[] = [
  {
    icon: Briefcase,
    title: 'Listing management',
    text: "List books, scripts and stories with rich detail, covers and your clients' pitch.",
  },
  {
    icon: Globe,
    title: 'Global producer network',
    text: 'Put your titles in front of producers and studios across the UK and beyond.',
  },
  {
    icon: Wallet,
    title: 'Automated offer management',
    text: 'Offers arrive secured by a card authorisation; accept or decline in one click.',
  },
  {
    icon: PieChart,
    title: 'Portfolio analytics',
    text: 'See views, favourites and offers per title to know what producers want.',
  },
  {
    icon: Megaphone,
    title: 'Marketing tools',
    text: 'Featured placement, social buzz and audience data that make a title stand out.',
  },
  {
    icon: LineChart,
    title: 'Commission tracking',
    text: 'Follow accepted deals and the value of your portfolio as it grows.',
  },
];

const scoreBands = [
  {
    range: '80-100',
    label: 'High Potential',
    text: 'Strong likelihood of sale: highlighted wherever it appears.',
    classes: 'border-green-300 bg-green-50 text-green-900 ring-2 ring-green-500',
  },
  {
    range: '60-79',
    label: 'Promising',
    text: 'Solid interest signals; the right producer could take it forward.',
    classes: 'border-yellow-300 bg-yellow-50 text-yellow-900',
  },
  {
    range: '1-59',
    label: 'Emerging',
    text: 'Early days: a niche or developing title that may need the right angle.',
    classes: 'border-red-200 bg-red-50 text-red-900',
  },
];

const producerSignUp = `${paths.auth}?role=producer&signup=true`;
const agentSignUp = `${paths.auth}?role=agent&signup=true`;

export default function JoinPage() {
  useDocumentTitle('Join PageToScreen | For Producers and Literary Agents');
  return (
    <>
      <section className="bg-gradient-to-br from-slate-900 via-slate-800 to-brand-900 text-white">
        <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-20 lg:px-8">
          <Link
            to={paths.home}
            className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-brand-100 hover:text-white"
          >
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            Back to Platform
          </Link>
          <h1 className="mt-8 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            Where great stories meet the producers who will film them
          </h1>
          <p className="mt-5 max-w-3xl text-lg text-slate-200">
            PageToScreen is the UK marketplace for film and TV adaptation rights: 1,000+ listings of
            books, scripts, manuscripts and podcasts, and 1,000+ professionals already trading on
            it.
          </p>
          <SignUpButtons className="mt-8" onDark />
        </div>
      </section>

      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <div className="grid gap-12 lg:grid-cols-2">
          <PromiseList
            id="producers-heading"
            title="For producers"
            intro="Find your next adaptation with data behind every decision."
            promises={producerPromises}
          />
          <PromiseList
            id="agents-heading"
            title="For literary agents"
            intro="Sell film and TV rights for your clients to a global audience of buyers."
            promises={agentPromises}
          />
        </div>
      </div>

      <section aria-labelledby="score-heading" className="border-y border-line bg-white">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
          <h2 id="score-heading" className="text-2xl font-bold text-ink sm:text-3xl">
            The Market-Match Score
          </h2>
          <p className="mt-3 max-w-3xl text-ink-soft">
            Every recommended title carries a Market-Match Score from 1 to 100: our estimate of the
            probability that the title sells for adaptation, drawn from its genre, medium, audience
            signals and comparable productions. Scores of 80 and above are highlighted so the
            strongest opportunities stand out.
          </p>
          <ul className="mt-8 grid gap-4 md:grid-cols-3">
            {scoreBands.map((band) => (
              <li key={band.range} className={cn('rounded-lg border p-5', band.classes)}>
                <p className="text-3xl font-extrabold">{band.range}</p>
                <p className="mt-1 font-semibold">{band.label}</p>
                <p className="mt-2 text-sm">{band.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        aria-labelledby="cta-heading"
        className="mx-auto max-w-5xl px-4 py-14 text-center sm:px-6 lg:px-8"
      >
        <h2 id="cta-heading" className="text-2xl font-bold text-ink sm:text-3xl">
          Ready to join?
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-ink-soft">
          Accounts are free to open. Premium membership for producers is £216 a year including VAT,
          with a 14-day refund guarantee.
        </p>
        <SignUpButtons className="mt-8 justify-center" />
      </section>
    </>
  );
}

function SignUpButtons({ className, onDark }: { className?: string; onDark?: boolean }) {
  return (
    <div className={cn('flex flex-col gap-3 sm:flex-row', className)}>
      <Link to={producerSignUp} className={buttonClasses('primary', 'lg')}>
        Sign up as a Producer
      </Link>
      <Link to={agentSignUp} className={buttonClasses(onDark ? 'inverse' : 'outline', 'lg')}>
        Sign up as a Literary Agent
      </Link>
    </div>
  );
}

function PromiseList({
  id,
  title,
  intro,
  promises,
}: {
  id: string;
  title: string;
  intro: string;
  promises: Benefit[];
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-2xl font-bold text-ink sm:text-3xl">
        {title}
      </h2>
      <p className="mt-2 text-ink-soft">{intro}</p>
      <ul className="mt-6 space-y-5">
        {promises.map(({ icon: Icon, title: promiseTitle, text }) => (
          <li key={promiseTitle} className="flex gap-4">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-md bg-brand-50 text-brand-700">
              <Icon className="h-5 w-5" aria-hidden="true" />
            </span>
            <div>
              <h3 className="font-semibold text-ink">{promiseTitle}</h3>
              <p className="text-sm text-ink-muted">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
