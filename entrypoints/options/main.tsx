import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SurfaceData } from '@/components/shared/query-client';
import { t, uiLanguage } from '@/lib/i18n/t';
import '@/components/ui';
import '@/components/options/options.css';
import { OptionsApp } from '@/components/options/OptionsApp';
import { DemoBanner } from '@/components/shared/DemoBanner';

// The page's title and language follow the browser's UI language (extension HTML cannot use __MSG_ itself).
document.title = t('options_document_title', t('ext_name'));
document.documentElement.lang = uiLanguage();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <SurfaceData>
        <DemoBanner />
        <OptionsApp />
      </SurfaceData>
    </StrictMode>,
  );
}
