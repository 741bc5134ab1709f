// Company domains: which hosts a page links to name an organisation it mentions (not a tool it
// uses). The registrable-domain rule itself is the identity module's (lib/identity/domain.ts).
import { hasRealPublicSuffix, registrableDomain, toAsciiHost } from '../identity/domain';
import exclusions from './data/exclusions.json' with { type: 'json' };

export type ExclusionCategory = Exclude<keyof typeof exclusions, '$comment'>;

const EXCLUDED: ReadonlyMap<string, ExclusionCategory> = new Map(
  (Object.keys(exclusions) as Array<keyof typeof exclusions>)
    .filter((k): k is ExclusionCategory => k !== '$comment')
    .flatMap((category) => (exclusions[category] as string[]).map((host) => [host, category] as const)),
);

/** The exclusion list naming the host or one of its parent domains, if any. */
export function exclusionOf(host: string): ExclusionCategory | null {
  let h = host.toLowerCase();
  for (;;) {
    const category = EXCLUDED.get(h);
    if (category !== undefined) return category;
    const dot = h.indexOf('.');
    if (dot === -1) return null;
    h = h.slice(dot + 1);
  }
}

/** The company domain a host stands for, or null (IP, unknown suffix, platform, CDN, free-mail…). */
export function companyDomainOf(host: string): string | null {
  const ascii = toAsciiHost(host);
  if (ascii === null || !hasRealPublicSuffix(ascii) || exclusionOf(ascii) !== null) return null;
  return registrableDomain(ascii);
}
