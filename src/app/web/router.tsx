import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { accountsPages } from '@/domains/accounts/web';
import { adminAnalyticsPages } from '@/domains/admin/web';
import { analysisPages } from '@/domains/analysis/web';
import { chainOfTitlePages } from '@/domains/chain-of-title/web';
import { commentsPages } from '@/domains/comments/web';
import { enrichmentPages } from '@/domains/enrichment/web';
import { forumPages } from '@/domains/forum/web';
import { legalPages } from '@/domains/legal/web';
import { membershipPages } from '@/domains/membership/web';
import { agreementsPages } from '@/domains/agreements/web';
import { optionsPages } from '@/domains/options/web';
import { offersPages } from '@/domains/offers/web';
import { inboxPages } from '@/domains/inbox/web';
import { recommendationsPages } from '@/domains/recommendations/web';
import { notificationsPages } from '@/domains/notifications/web';
import { savedSearchesPages } from '@/domains/saved-searches/web';
import { vettingPages } from '@/domains/vetting/web';
import { mandatesPages } from '@/domains/mandates/web';
import { paths } from '@/shared/paths';
import { AppHydrateFallback, AppLayout } from './shell/app-layout';
import { RequireAuth } from './shell/require-auth';
import { RouteErrorScreen } from './shell/error-screen';

/**
 * Code-split pages: each route loads its own chunk so the home page stays small. A room's
 * own pages come through its front door; pages that compose rooms live in ./pages.
 */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

// Patterns for the paths that take a parameter, from the same builders the links use.
// checkout() encodes its argument, so its parameter is appended to the empty form.
const listingPattern = paths.listing(':id');
const listingAliasPattern = paths.listingAlias(':id');
const submitOfferPattern = paths.submitOffer(':listingId');
const dealTimelinePattern = paths.dealTimeline(':offerId');
const checkoutPattern = `${paths.checkout('')}:sessionId`;

const publicRoutes: RouteObject[] = [
  { index: true, lazy: page(() => import('./pages/home-page')) },
  { path: paths.join, lazy: page(accountsPages.join) },
  { path: paths.auth, lazy: page(accountsPages.auth) },
  { path: paths.login, element: <Navigate to={paths.auth} replace /> },
  { path: paths.verifyEmail, lazy: page(accountsPages.verifyEmail) },
  { path: paths.resetPassword, lazy: page(accountsPages.resetPassword) },
  // The catalogue and listing pages handle logged-out visitors themselves (toast, then sign in).
  { path: paths.listings, lazy: page(() => import('./pages/catalogue-page')) },
  { path: listingPattern, lazy: page(() => import('./pages/listing-detail-page')) },
  { path: listingAliasPattern, lazy: page(() => import('./pages/listing-detail-page')) },
  { path: paths.terms, lazy: page(legalPages.terms) },
  { path: paths.termsAlias, lazy: page(legalPages.terms) },
  { path: paths.privacy, lazy: page(legalPages.privacy) },
  { path: paths.privacyAlias, lazy: page(legalPages.privacy) },
  { path: paths.cookies, lazy: page(legalPages.cookies) },
  { path: paths.disclaimer, lazy: page(legalPages.disclaimer) },
  { path: paths.verifyAgreement, lazy: page(agreementsPages.verifyAgreement) },
  // Checkout returns here (Stripe's success_url); it shows only the visitor's own payment.
  { path: paths.paymentSuccess, lazy: page(membershipPages.paymentSuccess) },
];

const protectedRoutes: RouteObject[] = [
  { path: paths.upgrade, lazy: page(membershipPages.upgrade) },
  { path: paths.membership, lazy: page(membershipPages.upgrade) },
  { path: checkoutPattern, lazy: page(membershipPages.checkout) },
  { path: paths.profile, lazy: page(() => import('./pages/profile-page')) },
  { path: paths.completeProfile, lazy: page(accountsPages.completeProfile) },
  { path: paths.editAccount, lazy: page(accountsPages.editAccount) },
  { path: paths.securitySettings, lazy: page(accountsPages.securitySettings) },
  { path: submitOfferPattern, lazy: page(() => import('./pages/submit-offer-page')) },
  { path: paths.mySubmissions, lazy: page(offersPages.mySubmissions) },
  { path: paths.inbox, lazy: page(inboxPages.inbox) },
  { path: dealTimelinePattern, lazy: page(optionsPages.dealTimeline) },
  // Premium producers (agents and admins too); others see the 'Premium Feature' card.
  { path: paths.aiRecommendations, lazy: page(recommendationsPages.aiRecommendations) },
  { path: paths.savedSearches, lazy: page(savedSearchesPages.savedSearches) },
  // Producer vetting and mandates (issue 35): each page's API says who may use it.
  { path: paths.producerVerification, lazy: page(vettingPages.producerVerification) },
  { path: paths.adminProducerApplications, lazy: page(vettingPages.adminProducerApplications) },
  { path: paths.mandates, lazy: page(mandatesPages.mandates) },
  { path: paths.newMandate, lazy: page(mandatesPages.newMandate) },
  { path: '/mandates/:id', lazy: page(mandatesPages.mandate) },
  { path: paths.mandateMatches, lazy: page(mandatesPages.matches) },
  { path: paths.notifications, lazy: page(notificationsPages.notifications) },
  { path: paths.commercialAnalysis, lazy: page(analysisPages.dashboard) },
  { path: paths.commercialAnalysisSearch, lazy: page(analysisPages.search) },
  // Premium producers, agents and admins; the page shows everyone else the restricted screen.
  { path: paths.forum, lazy: page(forumPages.forum) },
  { path: paths.producerDashboard, lazy: page(() => import('./pages/producer-dashboard-page')) },
  { path: paths.agentDashboard, lazy: page(() => import('./pages/agent-dashboard-page')) },
  // Admins only (the page sends anyone else home).
  { path: paths.adminDashboard, lazy: page(() => import('./pages/admin-dashboard-page')) },
  { path: paths.adminChainOfTitle, lazy: page(chainOfTitlePages.admin) },
  { path: paths.adminOptions, lazy: page(optionsPages.adminOptions) },
  { path: paths.adminCommercialAnalysis, lazy: page(analysisPages.admin) },
  { path: paths.adminYouTube, lazy: page(enrichmentPages.youtube) },
  { path: paths.adminTwitter, lazy: page(enrichmentPages.twitter) },
  { path: paths.dataEnrichment, lazy: page(enrichmentPages.dataEnrichment) },
  { path: paths.adminComments, lazy: page(commentsPages.admin) },
  { path: paths.adminAnalytics, lazy: page(adminAnalyticsPages.analytics) },
  { path: paths.adminJobs, lazy: page(adminAnalyticsPages.jobs) },
  { path: paths.adminImageUpload, lazy: page(adminAnalyticsPages.imageUpload) },
  { path: paths.adminImageUploadAlias, lazy: page(adminAnalyticsPages.imageUpload) },
];

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <AppHydrateFallback />,
    children: [
      ...publicRoutes,
      { element: <RequireAuth />, children: protectedRoutes },
      { path: '*', lazy: page(() => import('./shell/not-found-page')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
