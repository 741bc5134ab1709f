import { useState } from 'react';
import { safeHttpUrl } from './safe-url';

export interface SafeImageProps {
  src: string | null | undefined;
  /** Alternative text; pass '' for decorative images. */
  alt: string;
  size?: number;
  /** Shown when there is no usable image: initials of a name, for example. */
  fallback?: string;
  shape?: 'circle' | 'square';
  className?: string;
}

/** Initials for an avatar placeholder: "Ada Lovelace" → "AL". */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words.slice(0, 1);
  return letters
    .map((w) => Array.from(w ?? '')[0] ?? '')
    .join('')
    .toUpperCase();
}

/**
 * An image from API data: only http(s) sources, no referrer sent, lazy; a broken or unsafe source falls back to a
 * neutral placeholder with initials.
 */
export function SafeImage({ src, alt, size = 40, fallback, shape = 'circle', className }: SafeImageProps) {
  const safe = safeHttpUrl(src);
  const [broken, setBroken] = useState<string | null>(null);
  const classes = `ui-image ui-image--${shape}${className ? ` ${className}` : ''}`;
  const style = { width: size, height: size, fontSize: Math.max(10, Math.round(size * 0.38)) };
  if (!safe || broken === safe) {
    return (
      <span className={`${classes} ui-image--fallback`} style={style} role={alt ? 'img' : undefined} aria-label={alt || undefined} aria-hidden={alt ? undefined : true}>
        {fallback ?? ''}
      </span>
    );
  }
  return (
    <img
      className={classes}
      style={style}
      src={safe}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setBroken(safe)}
    />
  );
}
