import { useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { TopBar } from './components/TopBar.js';
import { SessionProvider } from './session/SessionProvider.js';
import { useSession } from './session/session-context.js';
import { SignInPage } from './session/SignInPage.js';
import { AboutPage } from './pages/AboutPage.js';
import { CaptionOverlayPage } from './pages/CaptionOverlayPage.js';
import { LandingPage } from './pages/LandingPage.js';
import { LicencesPage } from './pages/LicencesPage.js';
import { LivePage } from './pages/LivePage.js';
import { MemoryPage } from './pages/MemoryPage.js';
import { GlossariesPage } from './pages/GlossariesPage.js';
import { VoicesPage } from './pages/VoicesPage.js';
import { UsagePage } from './pages/UsagePage.js';
import { NotFoundPage } from './pages/NotFoundPage.js';
import { PricingPage } from './pages/PricingPage.js';
import { PrivacyPage } from './pages/PrivacyPage.js';
import { GroupPage } from './pages/GroupPage.js';
import { ProjectPage } from './pages/ProjectPage.js';
import { StudioPage } from './pages/StudioPage.js';
import { TermsPage } from './pages/TermsPage.js';

export function App() {
  return (
    <SessionProvider>
      <Routes>
        {/* The OBS caption overlay: nothing but the captions, on a transparent page. */}
        <Route path="/live/overlay" element={<CaptionOverlayPage />} />
        <Route path="*" element={<WithTopBar />} />
      </Routes>
    </SessionProvider>
  );
}

function WithTopBar() {
  useScrollOnNavigate();
  const { pathname } = useLocation();
  const { needsSignIn } = useSession();
  // The studio's pages use the service; the landing, pricing and info pages are the site's own.
  const gated = needsSignIn && pathname.startsWith('/creator-studio');
  return (
    <>
      <TopBar />
      <main>{gated ? <SignInPage /> : <SitePages />}</main>
    </>
  );
}

function SitePages() {
  return (
    <Routes>
      <Route path="/" element={<LandingPage />} />
      <Route path="/pricing" element={<PricingPage />} />
      <Route path="/about" element={<AboutPage />} />
      <Route path="/privacy" element={<PrivacyPage />} />
      <Route path="/terms" element={<TermsPage />} />
      <Route path="/licences" element={<LicencesPage />} />
      <Route path="/creator-studio" element={<StudioPage />} />
      <Route path="/creator-studio/live" element={<LivePage />} />
      <Route path="/creator-studio/projects/:id" element={<ProjectPage />} />
      <Route path="/creator-studio/groups/:id" element={<GroupPage />} />
      <Route path="/creator-studio/memory" element={<MemoryPage />} />
      <Route path="/creator-studio/glossaries" element={<GlossariesPage />} />
      <Route path="/creator-studio/voices" element={<VoicesPage />} />
      <Route path="/creator-studio/usage" element={<UsagePage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

/** A new page opens at its top, or at the section its address names ("/about#contact"). */
function useScrollOnNavigate(): void {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    const section = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (section) section.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);
}
