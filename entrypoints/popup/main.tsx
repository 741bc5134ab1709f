import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/components/ui';
import '@/components/popup/popup.css';
import { PopupApp } from '@/components/popup/PopupApp';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <PopupApp />
    </StrictMode>,
  );
}
