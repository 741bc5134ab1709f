import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SidePanelApp } from '@/components/sidepanel/SidePanelApp';
import { tabIdFromLocation } from '@/components/sidepanel/useFollowedTab';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <SidePanelApp fixedTabId={tabIdFromLocation()} />
    </StrictMode>,
  );
}
