/*
 * Field names that carry the professional network's name. The spec writes that part `pnet` "throughout this
 * document"; the real service sends the network's real name (its profile links are LinkedIn's). This table is the one
 * place that knows both spellings (docs/api-decisions.md D15):
 *   - answers are read in either spelling and held inside the extension in the spec's spelling (the normal form:
 *     cached answers, the side panel, exports and alias keys use it, and answers cached before this change stay valid);
 *   - the OpenAPI description and the sandbox's default answers use the real name; the sandbox's `--wire-names=spec`
 *     answers in the spec's spelling.
 * No request the extension sends carries such a name: the spec has no `pnet` parameter or body field (a profile
 * address is sent as the value of `social_profile` or `url`). A request field added later takes its name from here.
 */

/** Per object of the contract (its schema id in lib/api/schemas.ts): spec spelling → name on the wire. */
export const WIRE_NAMES = {
  Employment: { pnet_url: 'linkedin_url' },
  CompanyEmployee: { pnet_url: 'linkedin_url' },
  CompanyOverview: { pnet_url: 'linkedin_url', company_size_on_pnet: 'company_size_on_linkedin' },
  /** The keys of a company overview's `social_fields` (keyed by network name). */
  SocialFields: { pnet: 'linkedin' },
  SimilarContactItem: { pnet: 'linkedin' },
} as const satisfies Record<string, Record<string, string>>;

export type WireObject = keyof typeof WIRE_NAMES;

/** Which spelling a peer writes: the real service's (`real`) or the spec document's (`spec`). */
export const WIRE_SPELLINGS = ['real', 'spec'] as const;
export type WireSpelling = (typeof WIRE_SPELLINGS)[number];

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * One object of an answer, as it arrived in either spelling, in the spec's spelling. The real name's value wins when
 * both arrive and it is not empty (null/absent): the real service is the one that sends it. Anything that is not an
 * object passes through for the schema to judge.
 */
export function readWireNames(value: unknown, object: WireObject): unknown {
  if (!isPlainObject(value)) return value;
  let out: Record<string, unknown> | undefined;
  for (const [spec, real] of Object.entries(WIRE_NAMES[object])) {
    if (!Object.hasOwn(value, real)) continue;
    out ??= { ...value };
    const realValue = out[real];
    delete out[real];
    if (realValue !== null && realValue !== undefined) out[spec] = realValue;
    else if (!Object.hasOwn(out, spec)) out[spec] = realValue;
  }
  return out ?? value;
}

/** Every spec spelling → its real name; the names are unique across the contract, so one map serves every object. */
const SPEC_TO_REAL: ReadonlyMap<string, string> = new Map(Object.values(WIRE_NAMES).flatMap((names) => Object.entries(names)));

/**
 * A whole answer written in the spec's spelling (the sandbox's documents), in `spelling`. Renames the table's names
 * wherever they appear as keys; they occur nowhere else in the contract.
 */
export function writeWireNames(value: unknown, spelling: WireSpelling): unknown {
  if (spelling === 'spec') return value;
  if (Array.isArray(value)) return value.map((item) => writeWireNames(item, spelling));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[SPEC_TO_REAL.get(key) ?? key] = writeWireNames(item, spelling);
  return out;
}
