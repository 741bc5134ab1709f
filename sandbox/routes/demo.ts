import type { Hono } from 'hono';
import type { SandboxState } from '../state';

export function registerDemo(_app: Hono, _state: SandboxState): void {}
