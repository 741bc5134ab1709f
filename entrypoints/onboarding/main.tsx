import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/components/ui';
import '@/components/options/options.css';
import { OnboardingApp } from '@/components/options/OnboardingApp';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <OnboardingApp />
    </StrictMode>,
  );
}
