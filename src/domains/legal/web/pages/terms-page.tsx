import { Link } from 'react-router';
import { paths } from '@/shared/paths';
import {
  COMPANY,
  MINIMUM_AGE,
  PREMIUM_PRICE_LABEL,
  REFUND_GUARANTEE_DAYS,
} from '../../legal.constants';
import { Email, LegalPage, type LegalSection } from '../components/legal-page';

const sections: LegalSection[] = [
  {
    id: 'about',
    title: 'About these terms',
    body: (
      <>
        <p>
          These Terms of Use govern your access to and use of the PageToScreen website and services
          (the &ldquo;Platform&rdquo;). The Platform is operated by {COMPANY.name}, a private
          limited company registered in {COMPANY.jurisdiction}, whose registered office is at{' '}
          {COMPANY.addressLines.join(', ')} (&ldquo;PageToScreen&rdquo;, &ldquo;we&rdquo;,
          &ldquo;us&rdquo; or &ldquo;our&rdquo;).
        </p>
        <p>
          By creating an account or using the Platform you agree to these terms, to our{' '}
          <Link to={paths.privacy}>Privacy Policy</Link>, our{' '}
          <Link to={paths.cookies}>Cookie Policy</Link> and our{' '}
          <Link to={paths.disclaimer}>Disclaimer</Link>. If you do not agree, please do not use the
          Platform.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Eligibility and your account',
    body: (
      <>
        <p>
          You must be at least {MINIMUM_AGE} years old and able to enter into binding contracts to
          use the Platform. If you use the Platform on behalf of a company, agency or production
          business, you confirm that you are authorised to bind it to these terms.
        </p>
        <ul>
          <li>
            You must give accurate and complete information when you register and keep it up to
            date, including your name, email address and, where asked, your company details.
          </li>
          <li>
            You are responsible for keeping your password confidential and for everything done
            through your account. Tell us at once at <Email address={COMPANY.emails.legal} /> if you
            suspect that someone else has used it.
          </li>
          <li>
            Accounts are personal. You may not share your account or hold more than one account for
            the same role.
          </li>
          <li>
            Literary agent accounts are verified manually before they can list titles. We may ask
            for evidence of your agency and of your authority to represent the rights you list, and
            we may decline verification at our discretion.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'our-role',
    title: 'The marketplace and our role',
    body: (
      <>
        <p>
          The Platform lets literary agents and rights holders (&ldquo;Agents&rdquo;) list
          intellectual property such as books, scripts, manuscripts, podcasts and articles for film
          and television adaptation, and lets producers (&ldquo;Producers&rdquo;) browse, analyse
          and make offers for those rights.
        </p>
        <p>
          We provide the venue only. We are not a literary agent, talent agent, broker or party to
          any agreement between a Producer and an Agent, and we do not act for either of them. Any
          option, purchase or licence of rights is a contract solely between the parties to it. An
          offer accepted on the Platform records the parties&rsquo; agreement in principle and is
          subject to a formal written rights agreement negotiated between them, on which each party
          should take independent legal advice.
        </p>
        <p>
          We do not guarantee that any listing will receive offers, that any offer will be accepted,
          or that any adaptation will be made.
        </p>
      </>
    ),
  },
  {
    id: 'offers',
    title: 'Offers and card authorisations',
    body: (
      <>
        <p>
          Producers make offers through the Platform with a proposal deck and a payment card. When
          you submit an offer:
        </p>
        <ul>
          <li>
            the minimum offer amount is £1,000, and you choose an option period of 12, 18, 24 or 36
            months;
          </li>
          <li>
            we ask our payment provider to place an authorisation hold on your card for the offer
            amount. The hold is not a charge: the amount is captured only if the Agent accepts your
            offer;
          </li>
          <li>
            the hold is released if the Agent rejects the offer or you cancel it while it is still
            pending, and it lapses automatically if the offer is not accepted within 7 days;
          </li>
          <li>
            you confirm that you have authority to use the card and to make the offer, and that your
            proposal deck does not infringe anyone else&rsquo;s rights.
          </li>
        </ul>
        <p>
          Amounts captured on acceptance are held and paid on in accordance with the rights
          agreement concluded between the Producer and the Agent.
        </p>
      </>
    ),
  },
  {
    id: 'listings',
    title: 'Listings by agents',
    body: (
      <>
        <p>When you list a title, you warrant that:</p>
        <ul>
          <li>
            you, or the client you represent, own or control the adaptation rights described in the
            listing, and you are authorised to offer them;
          </li>
          <li>
            the listing is accurate and not misleading, including its rights status, territories,
            exclusivity, pricing and any existing options or previous adaptations;
          </li>
          <li>
            the listing and any images or materials you upload do not infringe copyright, trade
            marks, privacy or any other rights, and are not defamatory or unlawful;
          </li>
          <li>
            you will keep the listing up to date and remove it when the rights are no longer
            available.
          </li>
        </ul>
        <p>
          You grant us a non-exclusive, worldwide, royalty-free licence to host, display, adapt the
          format of and promote your listing content on the Platform and in marketing for the
          Platform for as long as the listing is live. We may edit or remove listings that break
          these terms.
        </p>
      </>
    ),
  },
  {
    id: 'membership',
    title: 'Premium membership, payments and refunds',
    body: (
      <>
        <p>
          Producer accounts start on the free tier, which includes 5 listing views per calendar
          month. Premium membership adds unlimited listing views, AI recommendations, commercial
          analysis, the comments thread, the forum, priority support and early access to new
          features.
        </p>
        <ul>
          <li>
            Premium costs {PREMIUM_PRICE_LABEL}, billed annually in advance in pounds sterling.
          </li>
          <li>
            Membership renews automatically each year at the then-current price unless you turn off
            automatic renewal in your account before the renewal date. We will remind you before
            each renewal and give you at least 30 days&rsquo; notice of any price change.
          </li>
          <li>
            <strong>{REFUND_GUARANTEE_DAYS}-day refund guarantee:</strong> if you are not satisfied,
            email <Email address={COMPANY.emails.support} /> within {REFUND_GUARANTEE_DAYS} days of
            your first payment or of a renewal payment and we will refund that payment in full to
            the original card.
          </li>
          <li>
            If you are a consumer, this guarantee is in addition to your statutory rights, including
            your right to cancel under the Consumer Contracts (Information, Cancellation and
            Additional Charges) Regulations 2013.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>You must not:</p>
        <ul>
          <li>
            copy, scrape, harvest or bulk download listings, synopses, analysis or other content, or
            use it to build a competing database or to train machine-learning models;
          </li>
          <li>
            approach Agents or Producers met on the Platform in order to avoid the Platform&rsquo;s
            offer process for a title listed on it;
          </li>
          <li>
            post content in comments or the forum that is abusive, harassing, discriminatory,
            defamatory, misleading, or that discloses another person&rsquo;s confidential
            information;
          </li>
          <li>
            try to gain unauthorised access to the Platform, other accounts or our systems,
            circumvent the free-tier view limit or any security feature, or interfere with the
            Platform&rsquo;s operation;
          </li>
          <li>use the Platform for any unlawful purpose or in breach of these terms.</li>
        </ul>
        <p>We may moderate or remove comments and forum posts that break these rules.</p>
      </>
    ),
  },
  {
    id: 'confidentiality',
    title: 'Confidential materials',
    body: (
      <p>
        Synopses, manuscripts, proposal decks and other materials shared through the Platform are
        made available in confidence for the sole purpose of evaluating a possible adaptation. You
        must not disclose, copy or use them for any other purpose without the owner&rsquo;s written
        consent. Nothing on the Platform transfers any rights in those materials to you.
      </p>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual property',
    body: (
      <p>
        The Platform, its software, design, analysis methods, scores and the PageToScreen name and
        logo belong to us or our licensors. You may use them only as these terms allow. Listings and
        materials uploaded by users remain the property of their owners. You keep ownership of the
        content you post, and grant us the licence needed to operate the Platform with it.
      </p>
    ),
  },
  {
    id: 'analysis',
    title: 'Analysis, scores and recommendations',
    body: (
      <p>
        Commercial analysis, return-on-investment projections, viability scores, Market-Match Scores
        and AI recommendations are estimates produced from models and third-party data. They are
        provided for information only and are not financial, investment or legal advice. Please read
        our <Link to={paths.disclaimer}>Disclaimer</Link> before relying on them.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Suspension and closure',
    body: (
      <>
        <p>
          You may close your account at any time from your account settings. We may suspend or close
          an account, or remove content, if we reasonably believe that these terms have been broken,
          that the account is being used fraudulently, or where the law requires it. Where
          appropriate we will tell you why and give you an opportunity to respond.
        </p>
        <p>
          Closing an account does not affect offers already accepted, amounts already due, or the
          rights and obligations that by their nature continue, such as confidentiality.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Our liability',
    body: (
      <>
        <p>
          Nothing in these terms limits or excludes our liability for death or personal injury
          caused by our negligence, for fraud or fraudulent misrepresentation, or for anything else
          that cannot be limited or excluded under the law of {COMPANY.jurisdiction}.
        </p>
        <p>
          If you use the Platform for business purposes, we are not liable for loss of profits,
          revenue, business, opportunity or goodwill, or for any indirect or consequential loss, and
          our total liability to you in any 12-month period is limited to the greater of £100 and
          the fees you paid us in that period.
        </p>
        <p>
          If you are a consumer, we are responsible for loss or damage you suffer that is a
          foreseeable result of our breach of these terms or our failure to use reasonable care and
          skill. We are not responsible for loss that was not foreseeable, and we provide the
          Platform for domestic and private use only.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms to reflect changes to the Platform, our business or the law. We
        will give you reasonable notice of material changes by email or on the Platform. If you keep
        using the Platform after a change takes effect, the updated terms apply; if you do not agree
        to them, you may close your account.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Governing law and disputes',
    body: (
      <p>
        These terms, and any dispute or claim arising from them or from your use of the Platform,
        are governed by the law of {COMPANY.jurisdiction}, and the courts of {COMPANY.jurisdiction}{' '}
        have exclusive jurisdiction. If you are a consumer living in Scotland or Northern Ireland,
        you may also bring proceedings in your local courts. We encourage you to contact us first at{' '}
        <Email address={COMPANY.emails.legal} /> so that we can try to resolve any problem
        informally.
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalPage
      title="Terms of Use"
      summary={
        <p>
          Please read these terms carefully. They explain the rules for using PageToScreen, what you
          can expect from us, and what we expect from producers, literary agents and everyone else
          who uses the Platform.
        </p>
      }
      sections={sections}
    />
  );
}
