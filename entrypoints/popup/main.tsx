import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SurfaceData } from '@/components/shared/query-client';
import { t, uiLanguage } from '@/lib/i18n/t';
import '@/components/ui';
import '@/components/popup/popup.css';
import { PopupApp } from '@/components/popup/PopupApp';
import { DemoBanner } from '@/components/shared/DemoBanner';

// The page's title and language follow the browser's UI language (extension HTML cannot use __MSG_ itself).
document.title = t('ext_name');
document.documentElement.lang = uiLanguage();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <SurfaceData>
        <DemoBanner />
        <PopupApp />
      </SurfaceData>
    </StrictMode>,
  );
}
