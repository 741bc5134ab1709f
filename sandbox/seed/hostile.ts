import type { CompanySeed } from './companies';
import type { ContactIdentity, ContactSeed } from './contacts';

/*
 * `--hostile`: some records carry the data a UI must survive — markup in names, `javascript:` URLs, huge
 * strings, bidi and zero-width characters. Lookup keys (emails, phones, profile slugs, domains) stay valid,
 * so the records can be found and shown. Every 7th record (ids 1, 8, 15, …) is hostile, cycling the variants.
 */

type Variant = 'markup' | 'script_url' | 'huge' | 'unicode';
const VARIANTS: Variant[] = ['markup', 'script_url', 'huge', 'unicode'];
const HUGE_LENGTH = 60_000;
/** Only the first few huge records really are huge, so the database stays small. */
const HUGE_RECORDS = 6;

export function hostileVariant(id: number): Variant | undefined {
  if (id % 7 !== 1) return undefined;
  return VARIANTS[Math.floor((id - 1) / 7) % VARIANTS.length];
}

const huge = (seed: string, id: number): string =>
  id <= 7 * VARIANTS.length * HUGE_RECORDS ? `${seed} `.repeat(Math.ceil(HUGE_LENGTH / (seed.length + 1))).slice(0, HUGE_LENGTH) : `${seed} ${'x'.repeat(2000)}`;

export function hostileCompany(c: CompanySeed): void {
  const variant = hostileVariant(c.id);
  if (!variant) return;
  const overview = c.doc.overview as Record<string, unknown>;
  switch (variant) {
    case 'markup':
      c.name = `<img src=x onerror=alert('company-${c.id}')> ${c.name} & "Sons"`;
      overview.description = `<script>alert('xss-${c.id}')</script><b>${String(overview.description)}</b>`;
      overview.tagline = `</textarea><svg onload=alert(1)>`;
      c.features.description = String(overview.description);
      break;
    case 'script_url':
      c.doc.website = 'javascript:alert(document.cookie)';
      overview.website = 'javascript:alert(document.cookie)';
      overview.pnet_url = 'javascript:alert("pnet")';
      overview.profile_pic_url = 'javascript:alert("logo")';
      overview.social_fields = { pnet: { value: 'javascript:alert(1)' }, twitter: { value: 'JaVaScRiPt:alert(2)' } };
      c.website = 'javascript:alert(document.cookie)';
      c.pnetUrl = 'javascript:alert("pnet")';
      break;
    case 'huge':
      overview.description = huge(`${c.name} makes very long descriptions.`, c.id);
      overview.specialities = Array.from({ length: 300 }, (_, i) => `Speciality ${i}`);
      c.features.description = String(overview.description).slice(0, 2000);
      break;
    case 'unicode':
      c.name = `${c.name} \u202Egnp.exe\u202C \u200B\u200D 🚀 Z̵̢a̸l̷g̶o`;
      break;
  }
  overview.name = c.name;
  c.features.name = c.name;
  c.features.website = c.website;
}

export function hostileIdentity(identity: ContactIdentity): void {
  const variant = hostileVariant(identity.id);
  if (variant === 'markup') {
    identity.firstName = `<script>alert('${identity.firstName}')</script>`;
    identity.lastName = `${identity.lastName}<img src=x onerror=alert(1)>`;
    identity.title = `<a href="javascript:alert(1)">${identity.title}</a>`;
  } else if (variant === 'unicode') {
    identity.firstName = `${identity.firstName}\u202E`;
    identity.lastName = `${identity.lastName} \u200B👩‍💻`;
  } else if (variant === 'huge') {
    identity.lastName = `${identity.lastName}${'-'.repeat(identity.id <= 7 * VARIANTS.length * HUGE_RECORDS ? 5000 : 200)}`;
  }
  identity.fullName = `${identity.firstName} ${identity.lastName}`;
}

export function hostileContact(c: ContactSeed): void {
  const variant = hostileVariant(c.identity.id);
  if (!variant) return;
  const doc = c.doc;
  if (variant === 'markup') {
    doc.about = `<iframe src="javascript:alert(1)"></iframe><style>body{display:none}</style>${String(doc.about)}`;
    doc.headline = `"><script>alert(document.domain)</script>`;
  } else if (variant === 'script_url') {
    doc.profile_pic_url = 'javascript:alert("avatar")';
    doc.social_profiles = [
      ...(doc.social_profiles as unknown[]),
      { network: 'twitter', url: 'javascript:alert("twitter")' },
      { network: 'website', url: 'data:text/html,<script>alert(1)</script>' },
    ];
    doc.people_also_viewed = [{ link: 'javascript:alert("viewed")', location: 'Nowhere', name: 'Mallory', summary: '<b>bold</b>' }];
  } else if (variant === 'huge') {
    doc.about = huge('All work and no play.', c.identity.id);
    doc.skills = Array.from({ length: 500 }, (_, i) => `Skill ${i}`);
  } else {
    doc.headline = `\u202E${String(doc.headline)}\u202C \u0000 null byte`;
  }
}
