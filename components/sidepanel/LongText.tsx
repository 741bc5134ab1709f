import { useState } from 'react';
import { clip } from './text';
import { t } from '@/lib/i18n/t';

/** A paragraph from API data, clipped with a "Show more" toggle (some descriptions are 60,000 characters). */
export function LongText({ text, max = 320, className }: { text: string; max?: number; className?: string }) {
  const [open, setOpen] = useState(false);
  const short = clip(text, max);
  return (
    <div className={`sp-longtext${className ? ` ${className}` : ''}`}>
      <p>{open ? text.slice(0, 20_000) : short.text}</p>
      {short.clipped && (
        <button type="button" className="sp-linkbutton" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? t('sidepanel_show_less') : t('sidepanel_show_more')}
        </button>
      )}
    </div>
  );
}
