/**
 * The library's messages in the learner's language: the core's locales
 * (core/messages/locales/en.ts and zh.ts), the one place a violation's
 * specifics and a turn's problems, notes and refusals are worded. Imported by
 * the panels that load after the first paint (the turn mode, the attack lab);
 * the first-load panels take the Chinese locale and the rules on demand (useViolationWords).
 */
import { en, type MessageLocale } from '#lib/core/messages/index.ts';
import { zh } from '#lib/core/messages/locales/zh.ts';
import type { Lang } from '../../lang.ts';

export const MESSAGES: Readonly<Record<Lang, MessageLocale>> = Object.freeze({ en, zh });
