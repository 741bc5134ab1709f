/**
 * Runs the demo tour's steps in order: each step leaves a screenshot `NN-name.png` and prints one line saying
 * what happened, with numbers. The first failure stops the tour (later steps build on earlier ones) and is
 * printed with its reason; the caller turns it into a non-zero exit.
 */
import type { Page } from '@playwright/test';

export interface StepResult {
  /** One line, with numbers: what the step did and what it cost. */
  summary: string;
  /** The page whose picture tells the step (saved as NN-name.png). */
  page: Page;
  /** Picture the whole page (default) or only what fits the window, e.g. when the top tells the story. */
  fullPage?: boolean;
}

export interface StepReport {
  index: number;
  name: string;
  ok: boolean;
  ms: number;
  line: string;
  screenshot?: string;
}

export class Tour {
  readonly reports: StepReport[] = [];
  private failed = false;

  constructor(
    private readonly outDir: string,
    private readonly log: (line: string) => void = (line) => console.log(line),
  ) {}

  get ok(): boolean {
    return !this.failed;
  }

  /** Runs one step unless an earlier one failed; `lastPage` is pictured when the step throws. */
  async step(name: string, run: () => Promise<StepResult>, lastPage?: () => Page | undefined): Promise<void> {
    const index = this.reports.length + 1;
    const label = `${String(index).padStart(2, '0')}-${name}`;
    if (this.failed) {
      this.reports.push({ index, name, ok: false, ms: 0, line: 'not run (an earlier step failed)' });
      this.log(`  -  ${label.padEnd(24)} not run: an earlier step failed`);
      return;
    }
    const started = performance.now();
    try {
      const { summary, page, fullPage = true } = await run();
      const screenshot = `${this.outDir}/${label}.png`;
      await page.screenshot({ path: screenshot, fullPage });
      const ms = performance.now() - started;
      this.reports.push({ index, name, ok: true, ms, line: summary, screenshot });
      this.log(`  ✓  ${label.padEnd(24)} ${seconds(ms).padStart(6)}  ${summary}`);
    } catch (error) {
      this.failed = true;
      const ms = performance.now() - started;
      const reason = error instanceof Error ? error.message.split('\n').slice(0, 6).join(' ').replace(/\s+/g, ' ') : String(error);
      let screenshot: string | undefined;
      const page = lastPage?.();
      if (page && !page.isClosed()) {
        screenshot = `${this.outDir}/${label}-FAILED.png`;
        await page.screenshot({ path: screenshot, fullPage: true }).catch(() => (screenshot = undefined));
      }
      this.reports.push({ index, name, ok: false, ms, line: reason, screenshot });
      this.log(`  ✗  ${label.padEnd(24)} ${seconds(ms).padStart(6)}  FAILED: ${reason}${screenshot ? ` (picture: ${screenshot})` : ''}`);
    }
  }
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
