import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/components/ui';
import '@/components/options/options.css';
import { OptionsApp } from '@/components/options/OptionsApp';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <OptionsApp />
    </StrictMode>,
  );
}
