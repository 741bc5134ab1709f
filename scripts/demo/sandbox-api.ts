/**
 * The sandbox's own routes (outside the API, no key): the ledger proves what each tour step cost, the samples
 * give lookup keys that exist.
 */
import { z } from 'zod';

const LedgerSchema = z.object({
  balance: z.number(),
  entries: z.array(z.object({ endpoint: z.string(), credits: z.number() })),
});
export type Ledger = z.infer<typeof LedgerSchema>;

const RequestLogSchema = z.object({ requests: z.array(z.object({ path: z.string(), status: z.number() })) });

async function getJson(url: string): Promise<unknown> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  return res.json();
}

export async function ledger(sandboxUrl: string, key: string): Promise<Ledger> {
  return LedgerSchema.parse(await getJson(`${sandboxUrl}/_sandbox/ledger?key=${encodeURIComponent(key)}`));
}

/** Number of API requests the sandbox has received with `key` (to `path` only, when given). */
export async function requestCount(sandboxUrl: string, key: string, path?: string): Promise<number> {
  const { requests } = RequestLogSchema.parse(await getJson(`${sandboxUrl}/_sandbox/requests?key=${encodeURIComponent(key)}`));
  return path ? requests.filter((r) => r.path === path).length : requests.length;
}

/** Watches one account's balance (the sandbox's or the demo's ledger) so every step can say what it cost. */
export class CreditMeter {
  private last: number | null = null;

  constructor(private readonly read: () => Promise<Ledger>) {}

  async start(): Promise<number> {
    this.last = (await this.read()).balance;
    return this.last;
  }

  /** Credits charged since the previous call, and the balance now. */
  async spent(): Promise<{ credits: number; balance: number }> {
    const balance = (await this.read()).balance;
    const credits = this.last === null ? 0 : this.last - balance;
    this.last = balance;
    return { credits, balance };
  }
}

export function credits(n: number): string {
  return `${n.toLocaleString('en-US')} credit${n === 1 ? '' : 's'}`;
}
