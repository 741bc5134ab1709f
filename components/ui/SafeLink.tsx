import type { ReactNode } from 'react';
import { Icon } from './Icon';
import { displayUrl, safeHttpUrl, safeWebsiteUrl } from './safe-url';

export interface SafeLinkProps {
  href: string | null | undefined;
  /** Visible text; defaults to a short form of the URL. */
  children?: ReactNode;
  /** Accept bare domains ("acme.com") as https links. */
  website?: boolean;
  className?: string;
  /** Show the small "opens elsewhere" icon. */
  external?: boolean;
  title?: string;
}

/**
 * A link to an address from API data. Renders an anchor only for http(s) URLs (new tab, no opener, no referrer);
 * anything else — `javascript:`, `data:`, garbage — is rendered as inert text.
 */
export function SafeLink({ href, children, website = false, className, external = true, title }: SafeLinkProps) {
  const safe = website ? safeWebsiteUrl(href) : safeHttpUrl(href);
  const text = children ?? (safe ? displayUrl(safe) : (href ?? ''));
  if (!safe) {
    return (
      <span className={`ui-link ui-link--inert${className ? ` ${className}` : ''}`} title={title}>
        {text}
      </span>
    );
  }
  return (
    <a
      className={`ui-link${className ? ` ${className}` : ''}`}
      href={safe}
      target="_blank"
      rel="noopener noreferrer"
      referrerPolicy="no-referrer"
      title={title ?? safe}
    >
      <span className="ui-link__text">{text}</span>
      {external && <Icon name="external" size={12} className="ui-link__icon" />}
    </a>
  );
}
