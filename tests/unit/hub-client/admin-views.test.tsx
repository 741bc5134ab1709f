// The team hub's admin views in the options page (components/options/hub/: invites, team settings, audit log, the
// usage table's Revoke) and removing a person from a team list in the side panel (TeamLists.tsx), rendered with React
// in linkedom's DOM. Requests go through the real protocol's schemas (lib/messaging/ui-to-background.ts) to the
// background's real handlers (entrypoints/background/hub-team.ts) over a signed-in session, and from them over HTTP to
// a real hub on PGlite: what the page shows is what the hub holds.
import { randomBytes } from 'node:crypto';
import { parseHTML } from 'linkedom';
import { act, createElement, type ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunningHub } from '@/hub/server';
import { startTestHub } from '@/tests/unit/hub/backends';
import { createTeam } from '@/hub/teams';
import type { RequestType } from '@/lib/messaging/protocol';
import { t } from '@/lib/i18n/t';

type Handler = (input: unknown, ctx: unknown) => Promise<unknown>;
const bg = vi.hoisted(() => ({ handlers: null as Record<string, Handler> | null }));

vi.mock('@/lib/messaging/extension', async () => {
  const { requests } = await import('@/lib/messaging/ui-to-background');
  return {
    background: {
      async request(type: RequestType, input: unknown) {
        const handler = bg.handlers?.[type];
        if (!handler) throw new Error(`no handler for ${type} in this test`);
        const answer = await handler(requests[type].input.parse(input), { sender: {} });
        return requests[type].output.parse(answer);
      },
    },
    onBackgroundEvent: () => () => undefined,
  };
});

let hub: RunningHub;
let root: Root;
let document: Document;

interface Member {
  token: string;
  id: string;
  name: string;
  role: 'admin' | 'member';
}
let team: { id: string; name: string; ada: Member; bea: Member };

async function hubCall(path: string, token: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(`${hub.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { authorization: `Bearer ${token}`, ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

async function redeem(code: string, name: string): Promise<{ status: number; member?: Member }> {
  const res = await fetch(`${hub.url}/hub/invites/redeem`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code, name }) });
  if (res.status !== 201) return { status: res.status };
  const body = (await res.json()) as { token: string; member: { id: string; role: 'admin' | 'member' } };
  return { status: 201, member: { token: body.token, id: body.member.id, name, role: body.member.role } };
}

/** The background's hub handlers, signed in as `who` (the session as the background keeps it). */
async function signInAs(who: Member): Promise<void> {
  const { createHubTeamHandlers } = await import('@/entrypoints/background/hub-team');
  const { createMemorySecretText } = await import('@/lib/keystore');
  const session = {
    hubUrl: hub.url,
    token: who.token,
    team: { id: team.id, name: team.name, proxy: false },
    member: { id: who.id, name: who.name, role: who.role },
    signedInAt: Date.now(),
    previous: { apiKey: null, apiBaseUrl: 'http://127.0.0.1:9' },
  };
  bg.handlers = createHubTeamHandlers(createMemorySecretText(JSON.stringify(session)), async () => ({ signedIn: false })) as unknown as Record<string, Handler>;
}

async function render(children: ReactNode): Promise<void> {
  const { SurfaceData } = await import('@/components/shared/query-client');
  await act(async () => root.render(createElement(SurfaceData, null, children)));
}

const $ = <E extends Element = HTMLElement>(selector: string) => document.querySelector<E>(selector);
const $$ = (selector: string) => [...document.querySelectorAll<HTMLElement>(selector)];
const byTestId = (id: string) => $(`[data-testid="${id}"]`);
const button = (name: string, within: ParentNode = document) =>
  [...within.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.getAttribute('aria-label') === name || b.textContent?.trim() === name);

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1000 && !check(); i++) await act(() => new Promise((r) => setTimeout(r, 10)));
  if (!check()) throw new Error(`timed out waiting for ${what}; the page reads: ${document.body.textContent}`);
}
async function click(el: Element | undefined): Promise<void> {
  if (!el) throw new Error(`nothing to click; the page reads: ${document.body.textContent}`);
  await act(async () => void el.dispatchEvent(new document.defaultView!.Event('click', { bubbles: true })));
}
/** Types into an input (or picks in a select) as React sees it: the value through its setter, then the event. */
async function fill(el: HTMLInputElement | HTMLSelectElement | null, value: string): Promise<void> {
  if (!el) throw new Error('no such field');
  await act(async () => {
    if (el.tagName === 'SELECT') {
      // linkedom's select has no value: the picked option's, as a browser's select gives it.
      for (const o of el.querySelectorAll('option')) o.toggleAttribute('selected', o.getAttribute('value') === value);
      Object.defineProperty(el, 'value', { configurable: true, get: () => value });
    } else {
      // Past React's value tracker (an own property), as a user's typing sets it.
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')!.set!.call(el, value);
    }
    el.dispatchEvent(new document.defaultView!.Event(el.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true }));
  });
}
async function submit(form: HTMLFormElement | null): Promise<void> {
  if (!form) throw new Error('no such form');
  await act(async () => void form.dispatchEvent(new document.defaultView!.Event('submit', { bubbles: true, cancelable: true })));
}
/** The input of the field labelled `label` (labels point at their control by id). */
function field<E extends Element = HTMLInputElement>(label: string): E | null {
  const l = [...document.querySelectorAll('label')].find((x) => x.textContent?.trim() === label);
  const id = l?.getAttribute('for');
  return id ? document.getElementById(id) as E | null : null;
}

beforeAll(async () => {
  const dom = parseHTML('<!doctype html><html><body><div id="root"></div></body></html>');
  Object.assign(dom.window, { location: new URL('chrome-extension://test/options.html') });
  // React types into text inputs through the `input` event only where the document says it has one (else it falls
  // back to old IE's property-change events); linkedom's does not say so.
  Object.assign(dom.document, { oninput: null });
  Object.assign(globalThis, { window: dom.window, document: dom.document, navigator: dom.window.navigator, IS_REACT_ACT_ENVIRONMENT: true });
  document = dom.document as unknown as Document;
  hub = await startTestHub({ port: 0, keySecret: randomBytes(32).toString('base64') });
});
afterAll(async () => {
  await hub?.close();
});
beforeEach(async () => {
  const name = `Acme ${randomBytes(2).toString('hex')}`;
  const { teamId, adminInvite } = await createTeam(hub.database.db, name);
  const ada = (await redeem(adminInvite, 'Ada')).member!;
  const code = (await hubCall('/hub/admin/invites', ada.token, { body: { role: 'member' } })).json.code as string;
  const bea = (await redeem(code, 'Bea')).member!;
  team = { id: teamId, name, ada, bea };
  await signInAs(ada);
  const { createRoot } = await import('react-dom/client');
  root = createRoot(document.getElementById('root')!);
});
afterEach(async () => {
  await act(() => root.unmount());
  (await import('@/components/shared/query-client')).surfaceQueryClient.clear();
});

describe('invites in the options page', () => {
  it('an admin makes a named admin invite: its code is shown once with Copy and its expiry, it is listed as open until redeemed', async () => {
    const { InvitesView } = await import('@/components/options/hub/InvitesView');
    await render(createElement(InvitesView));
    await until(() => byTestId('hub-invites')?.textContent?.includes(t('team_invites_none')) ?? false, 'no open invites at first');

    await fill(field<HTMLSelectElement>(t('team_invite_role')), 'admin');
    await fill(field(t('team_invite_name')), 'Cy');
    await submit($<HTMLFormElement>(`form[aria-label="${t('team_invite_form')}"]`));
    await until(() => byTestId('hub-invite-code') !== null, 'the new code');
    const code = byTestId('hub-invite-code')!.textContent!;
    expect(code).toMatch(/^inv_/);
    expect(byTestId('hub-new-invite')!.textContent).toContain(t('team_invite_made_named', 'Cy', t('hub_role_admin')));
    expect(byTestId('hub-new-invite')!.textContent).toMatch(/Expires .*\(in 3 days\)/);
    expect(button(t('team_invite_copy'), byTestId('hub-new-invite')!)).toBeDefined();
    await until(() => $$('[data-testid="hub-invite-row"]').length === 1, 'the open invite listed');
    const row = byTestId('hub-invite-row')!;
    expect(row.textContent).toContain('Cy');
    expect(row.textContent).toContain(t('hub_role_admin'));
    expect(row.textContent).toContain('Ada');
    // The list never holds a code: only the box of the invite just made does.
    expect(byTestId('hub-open-invites')!.textContent).not.toContain(code);

    // The code is real: it signs Cy in as an admin, once.
    expect((await redeem(code, 'Cy')).member?.role).toBe('admin');
    expect((await redeem(code, 'Cy again')).status).toBe(403);
  });

  it('withdrawing an open invite removes it from the list and its code signs nobody in; one used meanwhile is said and the list read again', async () => {
    const made = (await hubCall('/hub/admin/invites', team.ada.token, { body: { role: 'member', name: 'Dee' } })).json as { code: string };
    const used = (await hubCall('/hub/admin/invites', team.ada.token, { body: { role: 'member', name: 'Eve' } })).json as { code: string };
    const { InvitesView } = await import('@/components/options/hub/InvitesView');
    await render(createElement(InvitesView));
    await until(() => $$('[data-testid="hub-invite-row"]').length === 2, 'two open invites');

    await click(button(t('team_invite_withdraw_for', 'Dee')));
    await until(() => $$('[data-testid="hub-invite-row"]').length === 1, 'Dee’s invite gone');
    expect((await redeem(made.code, 'Dee')).status).toBe(403);

    // Eve redeems in another browser while the page still lists her invite: withdrawing says it is no longer open.
    expect((await redeem(used.code, 'Eve')).status).toBe(201);
    await click(button(t('team_invite_withdraw_for', 'Eve')));
    await until(() => byTestId('hub-invites')!.textContent!.includes(t('hub_error_invite_not_open_title')), 'the refusal worded');
    await until(() => $$('[data-testid="hub-invite-row"]').length === 0, 'the list read again');
  });
});

describe('team settings in the options page', () => {
  it('the key goes to the hub and never comes back: the page says proxy mode is on with the last four characters, the field is emptied; off is asked first', async () => {
    const { TeamSettingsView } = await import('@/components/options/hub/TeamSettingsView');
    await render(createElement(TeamSettingsView, { serviceUrl: 'http://127.0.0.1:9' }));
    await until(() => byTestId('hub-proxy-state')?.textContent?.includes(t('team_settings_proxy_off')) ?? false, 'proxy mode off');

    // Too short to be a key: said at the field, nothing sent.
    await fill(field(t('team_settings_key')), 'abc');
    await submit($<HTMLFormElement>(`form[aria-label="${t('team_settings_form')}"]`));
    await until(() => document.body.textContent!.includes(t('team_settings_key_short')), 'the key refused at the field');
    expect((await hubCall('/hub/admin/team', team.ada.token)).json.proxy).toBe(false);

    const key = `test-standard-ui-${randomBytes(6).toString('hex')}QRST`;
    await fill(field(t('team_settings_key')), key);
    await submit($<HTMLFormElement>(`form[aria-label="${t('team_settings_form')}"]`));
    await until(() => byTestId('hub-proxy-state')?.textContent?.includes(t('team_settings_key_set_end', 'QRST')) ?? false, 'the key set, by its end');
    expect(byTestId('hub-proxy-state')!.textContent).toContain(t('team_settings_sent_to', 'http://127.0.0.1:9'));
    expect(field(t('team_settings_key_replace'))!.value).toBe('');
    expect(document.body.textContent).not.toContain(key.slice(0, -4));
    expect([...document.querySelectorAll('input')].map((i) => i.value).join(' ')).not.toContain(key.slice(0, -4));
    expect((await hubCall('/hub/admin/team', team.ada.token)).json).toMatchObject({ proxy: true, keyEnd: 'QRST' });

    await click(button(t('team_settings_turn_off')));
    expect($('[role="alertdialog"]')!.textContent).toContain(t('team_settings_turn_off_confirm'));
    expect((await hubCall('/hub/admin/team', team.ada.token)).json.proxy).toBe(true);
    await click(button(t('team_settings_turn_off'), $('[role="alertdialog"]')!));
    await until(() => byTestId('hub-proxy-state')?.textContent?.includes(t('team_settings_proxy_off')) ?? false, 'proxy mode off again');
    expect((await hubCall('/hub/admin/team', team.ada.token)).json).toMatchObject({ proxy: false, keyEnd: null });
  });
});

describe('the audit log in the options page', () => {
  it('the latest entries, newest first, who and what in words; a name that is markup is shown as text', async () => {
    const hostile = '<img src=x onerror="globalThis.pwned=1">';
    const code = (await hubCall('/hub/admin/invites', team.ada.token, { body: { role: 'member' } })).json.code as string;
    await redeem(code, hostile);
    const { AuditView } = await import('@/components/options/hub/AuditView');
    await render(createElement(AuditView));
    await until(() => $$('[data-testid="hub-audit-row"]').length > 0, 'the audit rows');
    const rows = $$('[data-testid="hub-audit-row"]').map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
    // Newest first: the hostile member joining, Ada's invite, Bea joining, Ada's invite for Bea, Ada joining, the team made.
    expect(rows.map((r) => [r[1], r[2]])).toEqual([
      [hostile, t('team_audit_invite_redeem')],
      ['Ada', t('team_audit_invite_create')],
      ['Bea', t('team_audit_invite_redeem')],
      ['Ada', t('team_audit_invite_create')],
      ['Ada', t('team_audit_invite_redeem')],
      [t('team_audit_hub'), t('team_audit_team_create')],
    ]);
    expect(rows[0]![3]).toContain(`name: ${hostile}`);
    // Ids are left out of the details; a member's is named.
    expect(rows.map((r) => r[3]).join(' ')).not.toMatch(/inviteId/);
    await hubCall(`/hub/admin/members/${team.bea.id}/revoke`, team.ada.token, { method: 'POST' });
    await click(button(t('team_usage_refresh'), byTestId('hub-audit')!));
    await until(() => byTestId('hub-audit-row')?.textContent?.includes(t('team_audit_member_revoke')) ?? false, 'the revocation');
    expect([...byTestId('hub-audit-row')!.querySelectorAll('td')][3]!.textContent).toBe('member: Bea');
    expect(byTestId('hub-audit')!.querySelector('img')).toBeNull();
  });
});

describe("the usage table's Revoke", () => {
  it("is on every other member's row and not on the admin's own", async () => {
    const { UsageView } = await import('@/components/options/hub/UsageView');
    await render(createElement(UsageView, { memberName: 'Ada' }));
    await until(() => $$('[data-testid="hub-member-row"]').length === 2, 'both members');
    expect(button(t('team_usage_revoke_for', 'Bea'))).toBeDefined();
    expect(button(t('team_usage_revoke_for', 'Ada'))).toBeUndefined();
    expect($('[data-testid="hub-member-row"][aria-label="Ada"]')!.textContent).toContain(t('team_admin_you_role', t('hub_role_admin')));
  });
});

describe('removing a person from a team list in the side panel', () => {
  const person = (email: string, name: string) => ({ full_name: name, first_name: name.split(' ')[0], last_name: name.split(' ')[1], current_work_email: email, personal_emails: [], phone_numbers: [], social_profiles: [], employment: { name: 'Acme', job: { title: 'CTO' } } });

  async function sharedListOf(owner: Member): Promise<string> {
    const ids: string[] = [];
    for (const [email, name] of [['lee@acme.example', 'Lee Park'], ['kim@acme.example', 'Kim Ro']] as const) {
      ids.push((await hubCall('/hub/book', owner.token, { body: { writeId: email, lookup: { email }, answer: person(email, name), boughtAt: '2026-03-01T00:00:00Z', credits: 0 } })).json.entryId as string);
    }
    const list = (await hubCall('/hub/lists', owner.token, { body: { name: 'Q3', shared: true } })).json.id as string;
    await hubCall(`/hub/lists/${list}/items`, owner.token, { body: { entryIds: ids } });
    return list;
  }

  it("an admin removes a person from a teammate's shared list: the list shows one person, as the hub holds it", async () => {
    const list = await sharedListOf(team.bea);
    const { TeamListDetail } = await import('@/components/sidepanel/lists/TeamLists');
    await render(createElement(TeamListDetail, { id: list, onBack: () => undefined }));
    await until(() => $$('[data-testid="team-list-person"]').length === 2, 'both people');
    await click(button(t('team_list_remove_named', 'Lee Park')));
    await until(() => $$('[data-testid="team-list-person"]').length === 1, 'one person left');
    expect(byTestId('team-list-person')!.textContent).toContain('Kim Ro');
    const items = (await hubCall(`/hub/lists/${list}/items`, team.bea.token)).json.items as unknown[];
    expect(items).toHaveLength(1);
  });

  it("a member sees no Remove on a teammate's shared list (the hub would refuse it), and does on their own", async () => {
    const adas = await sharedListOf(team.ada);
    await signInAs(team.bea);
    const { TeamListDetail } = await import('@/components/sidepanel/lists/TeamLists');
    await render(createElement(TeamListDetail, { id: adas, onBack: () => undefined }));
    await until(() => $$('[data-testid="team-list-person"]').length === 2, 'both people');
    expect(button(t('team_list_remove_named', 'Lee Park'))).toBeUndefined();

    const own = (await hubCall('/hub/lists', team.bea.token, { body: { name: 'Mine', shared: false } })).json.id as string;
    await hubCall(`/hub/lists/${own}/items`, team.bea.token, { body: { entryIds: [((await hubCall(`/hub/lists/${adas}/items`, team.bea.token)).json.items as Array<{ id: string }>)[0]!.id] } });
    await act(() => root.unmount());
    const { createRoot } = await import('react-dom/client');
    root = createRoot(document.getElementById('root')!);
    await render(createElement(TeamListDetail, { id: own, onBack: () => undefined }));
    await until(() => $$('[data-testid="team-list-person"]').length === 1, 'the person on Bea’s own list');
    await click([...document.querySelectorAll<HTMLButtonElement>('[data-testid="team-list-person"] button')][0]);
    await until(() => document.body.textContent!.includes(t('team_list_empty')), 'Bea’s list empty');
  });
});
