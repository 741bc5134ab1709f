import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SurfaceData } from '@/components/shared/query-client';
import { SidePanelApp } from '@/components/sidepanel/SidePanelApp';
import { tabIdFromLocation } from '@/components/sidepanel/useFollowedTab';
import { DemoBanner } from '@/components/shared/DemoBanner';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <SurfaceData>
        <DemoBanner />
        <SidePanelApp fixedTabId={tabIdFromLocation()} />
      </SurfaceData>
    </StrictMode>,
  );
}
