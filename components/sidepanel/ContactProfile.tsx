import type { ReactNode } from 'react';
import {
  Button,
  Chip,
  ChipList,
  DefinitionList,
  SafeImage,
  SafeLink,
  Section,
  StatusChip,
  initials,
  safeWebsiteUrl,
} from '@/components/ui';
import type { EnrichedContact, Employment } from '@/lib/api/schemas';
import { fullNameOf } from '@/lib/export';
import { EmailRow } from './EmailVerification';
import { LongText } from './LongText';
import { personProfileUrl } from './lookup';
import { useNavigation } from './navigation';
import { dateRange, formatApiDate, joinText, locationText, objectTitle } from './text';

export interface ContactProfileProps {
  contact: EnrichedContact;
  /** Provenance line and actions, rendered under the header. */
  status: ReactNode;
  actions: ReactNode;
  canPay: boolean;
}

/**
 * Every field group of an enriched contact, in the order people scan a profile: who (header), how to reach them
 * (emails, phones, socials), what they do now, their history, skills, accomplishments, and the long tail.
 */
export function ContactProfile({ contact, status, actions, canPay }: ContactProfileProps) {
  const name = fullNameOf(contact) || 'Unnamed contact';
  const employment = contact.employment;
  const location = locationText(contact.location);
  return (
    <article className="sp-profile" aria-label={`Contact: ${name}`} data-testid="contact-profile">
      <header className="sp-profile__header">
        <SafeImage src={contact.profile_pic_url} alt={`Photo of ${name}`} size={56} fallback={initials(name)} />
        <div className="sp-profile__who">
          <h2 className="sp-profile__name">{name}</h2>
          {contact.headline && <p className="sp-profile__headline">{contact.headline}</p>}
          <p className="sp-profile__meta">{joinText([location, contact.occupation && contact.occupation !== contact.headline ? contact.occupation : null])}</p>
        </div>
      </header>
      <div className="sp-profile__status">{status}</div>
      <div className="sp-profile__actions">{actions}</div>

      <ReachSection contact={contact} canPay={canPay} />
      {employment && <CurrentJob employment={employment} />}
      {contact.experiences && contact.experiences.length > 0 && <Experience items={contact.experiences} />}
      {contact.education.length > 0 && (
        <Section title="Education" meta={contact.education.length}>
          <ul className="sp-timeline">
            {contact.education.map((e, i) => (
              <li key={i} className="sp-timeline__item">
                <p className="sp-timeline__title">
                  {e.school?.website ? <SafeLink href={e.school.website} website external={false}>{e.school.name ?? 'School'}</SafeLink> : (e.school?.name ?? 'School')}
                </p>
                <p className="sp-timeline__sub">{joinText([e.degrees.join(', '), e.majors.join(', ')])}</p>
                <p className="sp-timeline__meta">{joinText([dateRange(e.start_date, e.end_date), e.gpa ? `GPA ${e.gpa}` : null, e.school?.location])}</p>
              </li>
            ))}
          </ul>
        </Section>
      )}
      <SkillsSection contact={contact} />
      <Accomplishments contact={contact} />
      {contact.about && (
        <Section title="About">
          <LongText text={contact.about} />
        </Section>
      )}
      <PeopleAlsoViewed contact={contact} />
      <LongTail contact={contact} />
      <p className="sp-profile__footer">
        {joinText([contact.last_updated ? `Profile last updated ${contact.last_updated}` : null, contact._id ? `ID ${contact._id}` : null])}
      </p>
    </article>
  );
}

function ReachSection({ contact, canPay }: { contact: EnrichedContact; canPay: boolean }) {
  const work = [
    ...(contact.current_work_email ? [{ email: contact.current_work_email, status: contact.current_work_email_status }] : []),
    ...contact.other_current_work_emails.filter((e) => e.work_email).map((e) => ({ email: e.work_email as string, status: e.status })),
  ];
  const seen = new Set<string>();
  const unique = <T extends { email: string }>(items: T[]) =>
    items.filter((i) => {
      const key = i.email.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  const workEmails = unique(work);
  const personal = unique(contact.personal_emails.map((email) => ({ email, status: null })));
  const historical = unique(contact.historical_emails.map((email) => ({ email, status: null })));
  const phones = contact.phone_numbers.filter((p) => p.E164 || p.national_number);
  const socials = contact.social_profiles.filter((p) => p.url);
  const empty = workEmails.length + personal.length + historical.length + phones.length + socials.length === 0;
  return (
    <Section title="Contact details">
      {empty ? (
        <p className="ui-subtle">No emails, phones or social profiles on record. A waterfall lookup searches more sources.</p>
      ) : (
        <div className="sp-stack">
          {workEmails.length + personal.length > 0 && (
            <ul className="sp-emails" aria-label="Emails">
              {workEmails.map((e) => (
                <EmailRow key={e.email} email={e.email} status={e.status} kind="work" canPay={canPay} />
              ))}
              {personal.map((e) => (
                <EmailRow key={e.email} email={e.email} kind="personal" canPay={canPay} />
              ))}
            </ul>
          )}
          {historical.length > 0 && (
            <div>
              <p className="sp-label">Past emails</p>
              <ChipList items={historical.map((h) => h.email)} label="Past emails" />
            </div>
          )}
          {phones.length > 0 && (
            <ul className="sp-list" aria-label="Phone numbers">
              {phones.map((p, i) => (
                <li key={i} className="sp-list__item">
                  <span className="ui-mono">{p.E164 ?? p.national_number}</span>
                  {p.type && <Chip>{p.type}</Chip>}
                  {p.NXX_use_type && p.NXX_use_type !== p.type && <Chip>{p.NXX_use_type}</Chip>}
                  {p.E164 && p.national_number && <span className="ui-subtle">{p.national_number}</span>}
                </li>
              ))}
            </ul>
          )}
          {socials.length > 0 && (
            <ul className="sp-list" aria-label="Social profiles">
              {socials.map((p, i) => (
                <li key={i} className="sp-list__item">
                  <span className="sp-list__label">{networkName(p.network)}</span>
                  <SafeLink href={p.url} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Section>
  );
}

function networkName(network: string | null): string {
  if (!network) return 'Profile';
  if (network.toLowerCase() === 'pnet') return 'Professional network';
  return network.charAt(0).toUpperCase() + network.slice(1);
}

function CurrentJob({ employment }: { employment: Employment }) {
  const nav = useNavigation();
  const job = employment.job;
  const website = safeWebsiteUrl(employment.website) ?? safeWebsiteUrl(employment.company_email_domain);
  const companyTarget = [employment.website, employment.company_email_domain].find((u) => safeWebsiteUrl(u)) ?? null;
  return (
    <Section
      title={employment.is_current_experience === false ? 'Latest job' : 'Current job'}
      actions={
        companyTarget ? (
          <Button size="sm" variant="ghost" icon="building" onClick={() => nav.openCompany({ url: companyTarget, label: employment.name ?? companyTarget })}>
            Company
          </Button>
        ) : null
      }
    >
      <div className="sp-job">
        <SafeImage src={employment.profile_pic_url} alt="" size={32} shape="square" fallback={initials(employment.name)} />
        <div className="sp-job__text">
          <p className="sp-job__title">{job?.title ?? 'Role not listed'}</p>
          <p className="sp-job__company">{joinText([employment.name, locationText(employment.location)])}</p>
        </div>
      </div>
      <DefinitionList
        items={[
          ['Seniority', job?.seniority.join(', ')],
          ['Department', job?.department.join(', ')],
          ['Functions', job?.functions.join(', ')],
          ['Since', dateRange(job?.start_date, job?.end_date, employment.is_current_experience ?? false)],
          ['Experience', employment.inferred_years_experience !== null ? `${employment.inferred_years_experience} ${employment.inferred_years_experience === 1 ? 'year' : 'years'} (inferred)` : null],
          ['Salary', employment.inferred_salary ? `${employment.inferred_salary} (inferred)` : null],
          ['Industry', employment.industry],
          ['Company size', employment.size],
          ['Founded', employment.founded],
          ['Website', website ? <SafeLink href={website} /> : null],
          ['Email domain', employment.company_email_domain],
        ]}
      />
      {job && job.summaries.length > 0 && <LongText text={job.summaries.join('\n\n')} max={240} className="sp-job__summary" />}
    </Section>
  );
}

function Experience({ items }: { items: Employment[] }) {
  return (
    <Section title="Experience" meta={items.length} collapsible defaultOpen>
      <ol className="sp-timeline">
        {items.map((e, i) => (
          <li key={i} className="sp-timeline__item">
            <p className="sp-timeline__title">
              {e.job?.title ?? 'Role'}
              {e.is_current_experience && (
                <StatusChip tone="success" className="sp-timeline__chip">
                  Current
                </StatusChip>
              )}
            </p>
            <p className="sp-timeline__sub">{joinText([e.name, locationText(e.location)])}</p>
            <p className="sp-timeline__meta">{dateRange(e.job?.start_date, e.job?.end_date, e.is_current_experience ?? false)}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}

function SkillsSection({ contact }: { contact: EnrichedContact }) {
  if (contact.skills.length + contact.languages.length + contact.interests.length === 0) return null;
  return (
    <Section title="Skills and languages">
      <div className="sp-stack">
        {contact.skills.length > 0 && <ChipList items={contact.skills} label="Skills" max={30} tone="accent" />}
        {contact.languages.length > 0 && (
          <div>
            <p className="sp-label">Languages</p>
            <ChipList
              items={contact.languages.map((l) => (l.proficiency !== null ? `${l.name ?? '?'} · ${proficiencyWord(l.proficiency)}` : (l.name ?? '?')))}
              label="Languages"
            />
          </div>
        )}
        {contact.interests.length > 0 && (
          <div>
            <p className="sp-label">Interests</p>
            <ChipList items={contact.interests} label="Interests" max={20} />
          </div>
        )}
      </div>
    </Section>
  );
}

function proficiencyWord(level: number): string {
  const words = ['elementary', 'limited working', 'professional working', 'full professional', 'native'];
  return words[Math.min(Math.max(level, 1), 5) - 1] ?? String(level);
}

function Accomplishments({ contact }: { contact: EnrichedContact }) {
  const groups: Array<[string, Array<{ title: string; detail?: string | null; url?: string | null }>]> = [
    ['Certifications', contact.certifications.map((c) => ({ title: c }))],
    [
      'Honors and awards',
      contact.accomplishment_honors_awards.map((h) => ({ title: h.title ?? 'Award', detail: joinText([h.issuer, formatApiDate(h.issued_on)]) })),
    ],
    ['Courses', contact.accomplishment_courses.map((c) => ({ title: c.name ?? 'Course', detail: c.number }))],
    [
      'Projects',
      contact.accomplishment_projects.map((p) => ({
        title: p.title ?? 'Project',
        detail: joinText([formatApiDate(p.starts_at), p.description]),
        url: p.url,
      })),
    ],
    ['Publications', contact.accomplishment_publications.map((p) => ({ title: objectTitle(p) ?? 'Publication' }))],
    ['Patents', contact.accomplishment_patents.map((p) => ({ title: objectTitle(p) ?? 'Patent' }))],
    ['Organisations', contact.accomplishment_organisations.map((p) => ({ title: objectTitle(p) ?? 'Organisation' }))],
  ];
  const shown = groups.filter(([, items]) => items.length > 0);
  if (shown.length === 0) return null;
  const total = shown.reduce((n, [, items]) => n + items.length, 0);
  return (
    <Section title="Certifications and accomplishments" meta={total} collapsible defaultOpen={total <= 8}>
      <div className="sp-stack">
        {shown.map(([label, items]) => (
          <div key={label}>
            <p className="sp-label">{label}</p>
            <ul className="sp-list">
              {items.slice(0, 25).map((item, i) => (
                <li key={i} className="sp-list__item sp-list__item--stack">
                  <span>{item.url ? <SafeLink href={item.url}>{item.title}</SafeLink> : item.title}</span>
                  {item.detail && <span className="ui-subtle">{item.detail.slice(0, 300)}</span>}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </Section>
  );
}

function PeopleAlsoViewed({ contact }: { contact: EnrichedContact }) {
  const nav = useNavigation();
  if (contact.people_also_viewed.length === 0) return null;
  return (
    <Section title="People also viewed" meta={contact.people_also_viewed.length} collapsible defaultOpen>
      <ul className="sp-people">
        {contact.people_also_viewed.slice(0, 20).map((p, i) => {
          const profile = personProfileUrl(p.link);
          return (
            <li key={i} className="sp-people__item">
              <SafeImage src={null} alt="" size={28} fallback={initials(p.name)} />
              <div className="sp-people__text">
                <p className="sp-people__name">{p.name ?? 'Unnamed'}</p>
                <p className="sp-people__sub">{joinText([p.summary, p.location])}</p>
              </div>
              {profile ? (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Open ${p.name ?? 'this person'}`}
                  onClick={() => nav.openContact({ lookup: { social_profile: profile }, label: p.name ?? profile })}
                >
                  Open
                </Button>
              ) : (
                <SafeLink href={p.link}>Link</SafeLink>
              )}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

function LongTail({ contact }: { contact: EnrichedContact }) {
  const activities = contact.activities.filter((a) => a.title);
  const articles = contact.articles.map((a) => ({ title: objectTitle(a), link: typeof a.link === 'string' ? a.link : typeof a.url === 'string' ? a.url : null }));
  const volunteer = contact.volunteer_work.map(objectTitle).filter((t): t is string => Boolean(t));
  const groups = contact.groups.map(objectTitle).filter((t): t is string => Boolean(t));
  const count = activities.length + articles.length + volunteer.length + groups.length + contact.recommendations.length;
  const personal = joinText([contact.gender, contact.birth_date ? `born ${contact.birth_date}` : null]);
  if (count === 0 && !personal) return null;
  return (
    <Section title="More" meta={count || undefined} collapsible defaultOpen={false}>
      <div className="sp-stack">
        {personal && <DefinitionList items={[['Personal', personal]]} />}
        {activities.length > 0 && (
          <div>
            <p className="sp-label">Activity</p>
            <ul className="sp-list">
              {activities.slice(0, 15).map((a, i) => (
                <li key={i} className="sp-list__item sp-list__item--stack">
                  <SafeLink href={a.link}>{a.title}</SafeLink>
                  {a.activity_status && <span className="ui-subtle">{a.activity_status}</span>}
                </li>
              ))}
            </ul>
          </div>
        )}
        {articles.length > 0 && (
          <div>
            <p className="sp-label">Articles</p>
            <ul className="sp-list">
              {articles.slice(0, 15).map((a, i) => (
                <li key={i} className="sp-list__item">
                  {a.link ? <SafeLink href={a.link}>{a.title ?? 'Article'}</SafeLink> : (a.title ?? 'Article')}
                </li>
              ))}
            </ul>
          </div>
        )}
        {contact.recommendations.length > 0 && (
          <div>
            <p className="sp-label">Recommendations</p>
            <ul className="sp-list">
              {contact.recommendations.slice(0, 5).map((r, i) => (
                <li key={i} className="sp-list__item">
                  <LongText text={r} max={200} />
                </li>
              ))}
            </ul>
          </div>
        )}
        {volunteer.length > 0 && (
          <div>
            <p className="sp-label">Volunteering</p>
            <ChipList items={volunteer} label="Volunteering" max={12} />
          </div>
        )}
        {groups.length > 0 && (
          <div>
            <p className="sp-label">Groups</p>
            <ChipList items={groups} label="Groups" max={12} />
          </div>
        )}
      </div>
    </Section>
  );
}
