import { Route, Routes } from 'react-router-dom';
import { TopBar } from './components/TopBar.js';
import { CaptionOverlayPage } from './pages/CaptionOverlayPage.js';
import { LandingPage } from './pages/LandingPage.js';
import { LivePage } from './pages/LivePage.js';
import { NotFoundPage } from './pages/NotFoundPage.js';
import { PricingPage } from './pages/PricingPage.js';
import { ProjectPage } from './pages/ProjectPage.js';
import { StudioPage } from './pages/StudioPage.js';

export function App() {
  return (
    <Routes>
      {/* The OBS caption overlay: nothing but the captions, on a transparent page. */}
      <Route path="/live/overlay" element={<CaptionOverlayPage />} />
      <Route path="*" element={<WithTopBar />} />
    </Routes>
  );
}

function WithTopBar() {
  return (
    <>
      <TopBar />
      <main>
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route path="/pricing" element={<PricingPage />} />
          <Route path="/creator-studio" element={<StudioPage />} />
          <Route path="/creator-studio/live" element={<LivePage />} />
          <Route path="/creator-studio/projects/:id" element={<ProjectPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </main>
    </>
  );
}
