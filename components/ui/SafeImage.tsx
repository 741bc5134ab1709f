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

/** Initials for an avatar placeholder: "Ada Lovelace" → "AL". Only letters and digits count ("<b>Ada</b>" → "A"). */
export function initials(name: string | null | undefined): string {
  const firsts = (name ?? '')
    .trim()
    .split(/\s+/)
    .map((word) => word.match(/[\p{L}\p{N}]/u)?.[0])
    .filter((c): c is string => Boolean(c));
  const letters = firsts.length > 1 ? [firsts[0], firsts[firsts.length - 1]] : firsts.slice(0, 1);
  return letters.join('').toUpperCase();
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
