import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LoadingScreen } from '../components/ui/spinner.tsx';
import { lazyLoaded } from '../lib/lazy-loaded.tsx';
import { paths } from '../lib/paths.ts';
import { SiteLayout } from './layout/site-layout.tsx';
import { loadMembers, loadMembership, loadPostPage, loadTimeline } from './member-page-loaders.ts';

// Every page is its own chunk: the home page downloads no community, chat, onboarding or zod code.
// Which pages need an account state is declared in route-table.ts.
const pages: Record<string, ComponentType> = {
  [paths.home]: lazy(() => import('./routes/public/home.tsx')),
  [paths.about]: lazy(() => import('./routes/public/about.tsx')),
  [paths.events.list]: lazy(() => import('./routes/public/events.tsx')),
  [paths.events.detail.pattern]: lazy(() => import('./routes/public/event-detail.tsx')),
  [paths.articles.list]: lazy(() => import('./routes/public/articles.tsx')),
  [paths.articles.detail.pattern]: lazy(() => import('./routes/public/article-detail.tsx')),
  [paths.podcasts.list]: lazy(() => import('./routes/public/podcasts.tsx')),
  [paths.podcasts.detail.pattern]: lazy(() => import('./routes/public/podcast-detail.tsx')),
  [paths.research.list]: lazy(() => import('./routes/public/research.tsx')),
  [paths.research.detail.pattern]: lazy(() => import('./routes/public/research-detail.tsx')),
  [paths.community.landing]: lazy(() => import('./routes/public/community-landing.tsx')),
  // Started ahead by member-boot.ts: shown without suspending when in (lib/lazy-loaded.tsx).
  [paths.community.timeline]: lazyLoaded(loadTimeline),
  [paths.community.post.pattern]: lazyLoaded(loadPostPage),
  [paths.community.profile.pattern]: lazy(() => import('./routes/community/profile.tsx')),
  [paths.community.members]: lazyLoaded(loadMembers),
  [paths.community.search]: lazy(() => import('./routes/community/search.tsx')),
  [paths.community.moderation]: lazy(() => import('./routes/community/moderation.tsx')),
  // /beheer: admins only, one chunk of its own (never in the public or member pages' bundles).
  [paths.admin]: lazy(() => import('./routes/admin/admin-routes.tsx')),
  [paths.community.notifications]: lazy(() => import('./routes/community/notifications.tsx')),
  [paths.account.profile]: lazy(() => import('./routes/account/profile.tsx')),
  [paths.account.membership]: lazyLoaded(loadMembership),
  [paths.account.mail]: lazy(() => import('./routes/account/mail.tsx')),
  [paths.unsubscribe]: lazy(() => import('./routes/public/unsubscribe.tsx')),
  [paths.auth.signIn]: lazy(() => import('./routes/auth/signin.tsx')),
  [paths.notFound]: lazy(() => import('./routes/public/not-found.tsx')),
};

const onboardingPages: Record<string, ComponentType> = {
  [paths.onboarding.personalDetails]: lazy(() => import('./routes/onboarding/personal-details.tsx')),
  [paths.onboarding.register]: lazy(() => import('./routes/onboarding/register.tsx')),
  [paths.onboarding.payment]: lazy(() => import('./routes/onboarding/payment.tsx')),
  [paths.onboarding.profile]: lazy(() => import('./routes/onboarding/profile.tsx')),
};

const OnboardingLayout = lazy(() =>
  import('./layout/onboarding-layout.tsx').then((m) => ({ default: m.OnboardingLayout })),
);

const toRoutes = (table: Record<string, ComponentType>) =>
  Object.entries(table).map(([path, Page]) => <Route key={path} path={path} element={<Page />} />);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>{toRoutes(pages)}</Route>
      <Route
        element={
          <Suspense fallback={<LoadingScreen />}>
            <OnboardingLayout />
          </Suspense>
        }
      >
        {toRoutes(onboardingPages)}
      </Route>
    </Routes>
  );
}
