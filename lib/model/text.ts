/** Bounded text pieces the domain schemas share (lib/model). */
import { z } from 'zod';

export const ShortTextSchema = z.string().trim().min(1).max(512);
export const EmailTextSchema = z.string().trim().max(320);
export const HttpUrlSchema = z.url({ protocol: /^https?$/ }).max(2048);
