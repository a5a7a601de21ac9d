import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LoadingScreen } from '../components/ui/spinner.tsx';
import { SiteLayout } from './layout/site-layout.tsx';

// Every page is its own chunk: the home page downloads no community, chat, onboarding or zod code.
// Which pages need an account state is declared in route-table.ts.
const pages: Record<string, LazyExoticComponent<ComponentType>> = {
  '/': lazy(() => import('./routes/public/home.tsx')),
  '/over-ons': lazy(() => import('./routes/public/about.tsx')),
  '/programma': lazy(() => import('./routes/public/events.tsx')),
  '/programma/:slug': lazy(() => import('./routes/public/event-detail.tsx')),
  '/kennisbank': lazy(() => import('./routes/public/articles.tsx')),
  '/kennisbank/:slug': lazy(() => import('./routes/public/article-detail.tsx')),
  '/podcasts': lazy(() => import('./routes/public/podcasts.tsx')),
  '/podcasts/:slug': lazy(() => import('./routes/public/podcast-detail.tsx')),
  '/onderzoeken': lazy(() => import('./routes/public/research.tsx')),
  '/onderzoeken/:slug': lazy(() => import('./routes/public/research-detail.tsx')),
  '/community': lazy(() => import('./routes/public/community-landing.tsx')),
  '/community/tijdlijn': lazy(() => import('./routes/community/timeline.tsx')),
  '/community/bericht/:postId': lazy(() => import('./routes/community/post.tsx')),
  '/community/profiel/:id': lazy(() => import('./routes/community/profile.tsx')),
  '/account/profiel': lazy(() => import('./routes/account/profile.tsx')),
  '/account/lidmaatschap': lazy(() => import('./routes/account/membership.tsx')),
  '/auth/signin': lazy(() => import('./routes/auth/signin.tsx')),
  '*': lazy(() => import('./routes/public/not-found.tsx')),
};

const onboardingPages: Record<string, LazyExoticComponent<ComponentType>> = {
  '/onboarding/personal-details': lazy(() => import('./routes/onboarding/personal-details.tsx')),
  '/onboarding/register': lazy(() => import('./routes/onboarding/register.tsx')),
  '/onboarding/payment': lazy(() => import('./routes/onboarding/payment.tsx')),
  '/onboarding/profile': lazy(() => import('./routes/onboarding/profile.tsx')),
};

const OnboardingLayout = lazy(() =>
  import('./layout/onboarding-layout.tsx').then((m) => ({ default: m.OnboardingLayout })),
);

const toRoutes = (table: Record<string, LazyExoticComponent<ComponentType>>) =>
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
