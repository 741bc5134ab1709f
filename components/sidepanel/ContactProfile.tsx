// An enriched contact's profile: every section (lead, work, contact details, education, skills, vCard) renders from
// the same record with the same empty-field rules, so they stay in one file; the sections are small functions below,
// split out only where another view reuses them.
import type { ReactNode } from 'react';
import {
  Button,
  Chip,
  ChipList,
  CopyButton,
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
import { normalisePhone } from '@/lib/identity';
import { EmailRow } from './EmailVerification';
import { LongText } from './LongText';
import { personProfileUrl } from '@/components/shared/lookup';
import { useNavigation } from './navigation';
import { dateRange, formatApiDate, humanList, joinText, locationText, objectTitle } from './text';
import { t, tn } from '@/lib/i18n/t';

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
  const name = fullNameOf(contact) || t('sidepanel_profile_unnamed_contact');
  const employment = contact.employment;
  const location = locationText(contact.location);
  return (
    <article className="sp-profile" aria-label={t('sidepanel_profile_contact_label', name)} data-testid="contact-profile">
      <header className="sp-profile__header">
        <SafeImage src={contact.profile_pic_url} alt={t('sidepanel_profile_photo_of', name)} size={56} fallback={initials(name)} />
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
        <Section title={t('sidepanel_profile_education')} meta={contact.education.length}>
          <ul className="sp-timeline">
            {contact.education.map((e, i) => (
              <li key={i} className="sp-timeline__item">
                <p className="sp-timeline__title">
                  {e.school?.website ? <SafeLink href={e.school.website} website external={false}>{e.school.name ?? t('sidepanel_profile_school')}</SafeLink> : (e.school?.name ?? t('sidepanel_profile_school'))}
                </p>
                <p className="sp-timeline__sub">{joinText([e.degrees.join(', '), e.majors.join(', ')])}</p>
                <p className="sp-timeline__meta">{joinText([dateRange(e.start_date, e.end_date), e.gpa ? t('sidepanel_profile_gpa', e.gpa) : null, e.school?.location])}</p>
              </li>
            ))}
          </ul>
        </Section>
      )}
      <SkillsSection contact={contact} />
      <Accomplishments contact={contact} />
      {contact.about && (
        <Section title={t('sidepanel_profile_about')}>
          <LongText text={contact.about} />
        </Section>
      )}
      <PeopleAlsoViewed contact={contact} />
      <LongTail contact={contact} />
      <p className="sp-profile__footer">
        {joinText([contact.last_updated ? t('sidepanel_profile_last_updated', contact.last_updated) : null, contact._id ? t('sidepanel_profile_id', contact._id) : null])}
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
    <Section title={t('sidepanel_profile_contact_details')}>
      {empty ? (
        <p className="ui-subtle">{t('sidepanel_profile_no_reach')}</p>
      ) : (
        <div className="sp-stack">
          {workEmails.length + personal.length > 0 && (
            <ul className="sp-emails" aria-label={t('sidepanel_found_emails')}>
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
              <p className="sp-label">{t('sidepanel_profile_past_emails')}</p>
              <ChipList items={historical.map((h) => h.email)} label={t('sidepanel_profile_past_emails')} />
            </div>
          )}
          {phones.length > 0 && (
            <ul className="sp-list" aria-label={t('sidepanel_found_phones')}>
              {phones.map((p, i) => {
                const shown = p.E164 ?? p.national_number ?? '';
                const dial = telHref(p.E164);
                return (
                  <li key={i} className="sp-list__item">
                    {dial ? (
                      <a className="ui-link ui-mono" href={dial} translate="no">
                        {shown}
                      </a>
                    ) : (
                      <span className="ui-mono" translate="no">
                        {shown}
                      </span>
                    )}
                    {p.type && <Chip>{p.type}</Chip>}
                    {p.NXX_use_type && p.NXX_use_type !== p.type && <Chip>{p.NXX_use_type}</Chip>}
                    {p.E164 && p.national_number && <span className="ui-subtle">{p.national_number}</span>}
                    {/* As an email row has it (EmailRow). */}
                    <CopyButton value={shown} label={t('sidepanel_copy_value', shown)} />
                  </li>
                );
              })}
            </ul>
          )}
          {socials.length > 0 && (
            <ul className="sp-list" aria-label={t('sidepanel_profile_social_profiles')}>
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

/**
 * A `tel:` link for a number the API gave as E.164, built from our own normal form of it (lib/identity), never from
 * the API's text: a value that is not one valid number (`javascript:…`, a name, a national number without its
 * country) gets no link, only the Copy button.
 */
function telHref(e164: string | null | undefined): string | null {
  if (!e164) return null;
  const normal = normalisePhone(e164);
  return normal && /^\+[1-9]\d{6,14}$/.test(normal) ? `tel:${normal}` : null;
}

/**
 * The API's `inferred_salary` is free text with no unit (spec: Employment.inferred_salary, a string; the sandbox
 * sends "100,000-150,000"): the currency and the period are shown as the text gives them, and said to be missing when
 * it does not, never guessed.
 */
function salaryText(value: string): string {
  const currency = /[$€£¥₹]|\b[A-Z]{3}\b/.test(value);
  const period = /\b(?:year|yearly|yr|annual|annually|annum|p\.?\s?a\.?|month|monthly|mo|week|weekly|day|daily|hour|hourly|hr)s?\b|\/\s?[ymh]\b/i.test(value);
  if (currency && period) return t('sidepanel_profile_inferred', value);
  if (currency) return t('a11y_salary_no_period', value);
  if (period) return t('a11y_salary_no_currency', value);
  return t('a11y_salary_no_unit', value);
}

function networkName(network: string | null): string {
  if (!network) return t('sidepanel_card_profile');
  if (network.toLowerCase() === 'pnet') return t('sidepanel_profile_professional_network');
  return network.charAt(0).toUpperCase() + network.slice(1);
}

function CurrentJob({ employment }: { employment: Employment }) {
  const nav = useNavigation();
  const job = employment.job;
  const website = safeWebsiteUrl(employment.website) ?? safeWebsiteUrl(employment.company_email_domain);
  const companyTarget = [employment.website, employment.company_email_domain].find((u) => safeWebsiteUrl(u)) ?? null;
  return (
    <Section
      title={employment.is_current_experience === false ? t('sidepanel_profile_latest_job') : t('sidepanel_profile_current_job')}
      actions={
        companyTarget ? (
          <Button size="sm" variant="ghost" icon="building" onClick={() => nav.openCompany({ url: companyTarget, label: employment.name ?? companyTarget })}>
            {t('sidepanel_tab_company')}
          </Button>
        ) : null
      }
    >
      <div className="sp-job">
        <SafeImage src={employment.profile_pic_url} alt="" size={32} shape="square" fallback={initials(employment.name)} />
        <div className="sp-job__text">
          <p className="sp-job__title">{job?.title ?? t('sidepanel_profile_role_not_listed')}</p>
          <p className="sp-job__company">{joinText([employment.name, locationText(employment.location)])}</p>
        </div>
      </div>
      <DefinitionList
        items={[
          [t('sidepanel_profile_seniority'), humanList(job?.seniority)],
          [t('sidepanel_profile_department'), humanList(job?.department)],
          [t('sidepanel_profile_functions'), humanList(job?.functions)],
          [t('sidepanel_profile_since'), dateRange(job?.start_date, job?.end_date, employment.is_current_experience ?? false)],
          [t('sidepanel_profile_experience'), employment.inferred_years_experience !== null ? tn('sidepanel_profile_years_inferred', employment.inferred_years_experience) : null],
          [t('sidepanel_profile_salary'), employment.inferred_salary ? salaryText(employment.inferred_salary) : null],
          [t('sidepanel_profile_industry'), employment.industry],
          [t('sidepanel_profile_company_size'), employment.size],
          [t('sidepanel_profile_founded'), employment.founded],
          [t('sidepanel_profile_website'), website ? <SafeLink href={website} /> : null],
          [t('sidepanel_profile_email_domain'), employment.company_email_domain],
        ]}
      />
      {job && job.summaries.length > 0 && <LongText text={job.summaries.join('\n\n')} max={240} className="sp-job__summary" />}
    </Section>
  );
}

function Experience({ items }: { items: Employment[] }) {
  return (
    <Section title={t('sidepanel_profile_experience')} meta={items.length} collapsible defaultOpen>
      <ol className="sp-timeline">
        {items.map((e, i) => (
          <li key={i} className="sp-timeline__item">
            <p className="sp-timeline__title">
              {e.job?.title ?? t('sidepanel_profile_role')}
              {e.is_current_experience && (
                <StatusChip tone="success" className="sp-timeline__chip">
                  {t('sidepanel_profile_current')}
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
    <Section title={t('sidepanel_profile_skills_languages')}>
      <div className="sp-stack">
        {contact.skills.length > 0 && <ChipList items={contact.skills} label={t('sidepanel_profile_skills')} max={30} tone="accent" />}
        {contact.languages.length > 0 && (
          <div>
            <p className="sp-label">{t('sidepanel_profile_languages')}</p>
            <ChipList
              items={contact.languages.map((l) => (l.proficiency !== null ? `${l.name ?? '?'} · ${proficiencyWord(l.proficiency)}` : (l.name ?? '?')))}
              label={t('sidepanel_profile_languages')}
            />
          </div>
        )}
        {contact.interests.length > 0 && (
          <div>
            <p className="sp-label">{t('sidepanel_profile_interests')}</p>
            <ChipList items={contact.interests} label={t('sidepanel_profile_interests')} max={20} />
          </div>
        )}
      </div>
    </Section>
  );
}

function proficiencyWord(level: number): string {
  const words = [
    t('sidepanel_proficiency_elementary'),
    t('sidepanel_proficiency_limited'),
    t('sidepanel_proficiency_professional'),
    t('sidepanel_proficiency_full'),
    t('sidepanel_proficiency_native'),
  ];
  return words[Math.min(Math.max(level, 1), 5) - 1] ?? String(level);
}

function Accomplishments({ contact }: { contact: EnrichedContact }) {
  const groups: Array<[string, Array<{ title: string; detail?: string | null; url?: string | null }>]> = [
    [t('sidepanel_profile_certifications'), contact.certifications.map((c) => ({ title: c }))],
    [
      t('sidepanel_profile_honors'),
      contact.accomplishment_honors_awards.map((h) => ({ title: h.title ?? t('sidepanel_profile_award'), detail: joinText([h.issuer, formatApiDate(h.issued_on)]) })),
    ],
    [t('sidepanel_profile_courses'), contact.accomplishment_courses.map((c) => ({ title: c.name ?? t('sidepanel_profile_course'), detail: c.number }))],
    [
      t('sidepanel_profile_projects'),
      contact.accomplishment_projects.map((p) => ({
        title: p.title ?? t('sidepanel_profile_project'),
        detail: joinText([formatApiDate(p.starts_at), p.description]),
        url: p.url,
      })),
    ],
    [t('sidepanel_profile_publications'), contact.accomplishment_publications.map((p) => ({ title: objectTitle(p) ?? t('sidepanel_profile_publication') }))],
    [t('sidepanel_profile_patents'), contact.accomplishment_patents.map((p) => ({ title: objectTitle(p) ?? t('sidepanel_profile_patent') }))],
    [t('sidepanel_profile_organisations'), contact.accomplishment_organisations.map((p) => ({ title: objectTitle(p) ?? t('sidepanel_profile_organisation') }))],
  ];
  const shown = groups.filter(([, items]) => items.length > 0);
  if (shown.length === 0) return null;
  const total = shown.reduce((n, [, items]) => n + items.length, 0);
  return (
    <Section title={t('sidepanel_profile_accomplishments')} meta={total} collapsible defaultOpen={total <= 8}>
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
    <Section title={t('sidepanel_profile_also_viewed')} meta={contact.people_also_viewed.length} collapsible defaultOpen>
      <ul className="sp-people">
        {contact.people_also_viewed.slice(0, 20).map((p, i) => {
          const profile = personProfileUrl(p.link);
          return (
            <li key={i} className="sp-people__item">
              <SafeImage src={null} alt="" size={28} fallback={initials(p.name)} />
              <div className="sp-people__text">
                <p className="sp-people__name">{p.name ?? t('sidepanel_profile_unnamed')}</p>
                <p className="sp-people__sub">{joinText([p.summary, p.location])}</p>
              </div>
              {profile ? (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t('sidepanel_open_named', p.name ?? t('sidepanel_profile_this_person'))}
                  onClick={() => nav.openContact({ lookup: { social_profile: profile }, label: p.name ?? profile })}
                >
                  {t('sidepanel_open')}
                </Button>
              ) : (
                <SafeLink href={p.link}>{t('sidepanel_profile_link')}</SafeLink>
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
  const volunteer = contact.volunteer_work.map(objectTitle).filter((title): title is string => Boolean(title));
  const groups = contact.groups.map(objectTitle).filter((title): title is string => Boolean(title));
  const count = activities.length + articles.length + volunteer.length + groups.length + contact.recommendations.length;
  const personal = joinText([contact.gender, contact.birth_date ? t('sidepanel_profile_born', contact.birth_date) : null]);
  if (count === 0 && !personal) return null;
  return (
    <Section title={t('sidepanel_profile_more')} meta={count || undefined} collapsible defaultOpen={false}>
      <div className="sp-stack">
        {personal && <DefinitionList items={[[t('sidepanel_profile_personal'), personal]]} />}
        {activities.length > 0 && (
          <div>
            <p className="sp-label">{t('sidepanel_profile_activity')}</p>
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
            <p className="sp-label">{t('sidepanel_profile_articles')}</p>
            <ul className="sp-list">
              {articles.slice(0, 15).map((a, i) => (
                <li key={i} className="sp-list__item">
                  {a.link ? <SafeLink href={a.link}>{a.title ?? t('sidepanel_profile_article')}</SafeLink> : (a.title ?? t('sidepanel_profile_article'))}
                </li>
              ))}
            </ul>
          </div>
        )}
        {contact.recommendations.length > 0 && (
          <div>
            <p className="sp-label">{t('sidepanel_profile_recommendations')}</p>
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
            <p className="sp-label">{t('sidepanel_profile_volunteering')}</p>
            <ChipList items={volunteer} label={t('sidepanel_profile_volunteering')} max={12} />
          </div>
        )}
        {groups.length > 0 && (
          <div>
            <p className="sp-label">{t('sidepanel_profile_groups')}</p>
            <ChipList items={groups} label={t('sidepanel_profile_groups')} max={12} />
          </div>
        )}
      </div>
    </Section>
  );
}
