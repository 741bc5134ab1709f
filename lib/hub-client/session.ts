/**
 * A member's sign-in to a team hub, as the background keeps it (in the key store's database, beside the key: content
 * scripts cannot read or write it) and as extension pages see it (without the token). `previous` is what the sign-in
 * replaced in proxy mode (the user's own key and API address), so leaving the hub puts it back.
 */
import { z } from 'zod';

export const HubRoleSchema = z.enum(['admin', 'member']);

export const HubTeamSchema = z.strictObject({ id: z.string().min(1).max(100), name: z.string().min(1).max(200), proxy: z.boolean() });
export const HubMemberSchema = z.strictObject({ id: z.string().min(1).max(100), name: z.string().min(1).max(100), role: HubRoleSchema });

export const HubSessionSchema = z.strictObject({
  hubUrl: z.string().max(2048),
  /** The member's token: the API key in proxy mode. Never leaves the background. */
  token: z.string().min(1).max(512),
  team: HubTeamSchema,
  member: HubMemberSchema,
  signedInAt: z.number(),
  /** The key and address before the sign-in (proxy mode replaced them); null key: there was none. */
  previous: z.strictObject({ apiKey: z.string().max(512).nullable(), apiBaseUrl: z.string().max(2048) }),
});
export type HubSession = z.infer<typeof HubSessionSchema>;

/** What extension pages may know: no token, no key. */
export const HubStateSchema = z.discriminatedUnion('signedIn', [
  z.strictObject({ signedIn: z.literal(false) }),
  z.strictObject({
    signedIn: z.literal(true),
    hubUrl: z.string(),
    teamName: z.string(),
    memberName: z.string(),
    role: HubRoleSchema,
    proxy: z.boolean(),
    signedInAt: z.number(),
    /** Proxy mode: the key store still holds the token and the API address is still the hub's (nobody changed them). */
    inUse: z.boolean(),
    /** Where lookups go after leaving (its origin is asked for again, as a saved address's is). */
    previousApiBaseUrl: z.string(),
  }),
]);
export type HubState = z.infer<typeof HubStateSchema>;

/** A sign-in as the options page sends it (validated again in the background). */
export const HubJoinSchema = z.strictObject({
  hubUrl: z.string().trim().min(1).max(2048),
  code: z
    .string()
    .trim()
    .min(8)
    .max(200)
    .regex(/^[\x21-\x7e]+$/),
  name: z.string().trim().min(1).max(100).optional(),
});
export type HubJoin = z.infer<typeof HubJoinSchema>;

export function readSession(text: string | null): HubSession | null {
  if (text === null) return null;
  try {
    const parsed = HubSessionSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
