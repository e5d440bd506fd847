import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { enUS } from '../../contract/messages/en-US.ts';
import { zhCN } from '../../contract/messages/zh-CN.ts';
import { CONSOLE_TEXT_KEYS, MESSAGE_KEYS } from '../src/sign-in/text-keys.ts';

/**
 * The sign-in pages' texts in one language (src/sign-in/text-keys.ts), read from the console's catalogs and the
 * server's message catalogue when the console is built, so neither catalogue rides along. A key missing from a
 * catalog fails the build: the page would show it raw.
 */
export function signInTexts(root: string, folder: 'zh-CN' | 'en-US'): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const key of CONSOLE_TEXT_KEYS) {
    const [area, path] = key.split(':') as [string, string];
    const catalog = JSON.parse(readFileSync(join(root, 'src/locales', folder, `${area}.json`), 'utf8')) as unknown;
    const text = path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalog);
    if (typeof text !== 'string') throw new Error(`sign-in texts: no ${key} in locales/${folder}`);
    texts[key] = text;
  }
  const messages = folder === 'zh-CN' ? zhCN : enUS;
  for (const key of MESSAGE_KEYS) texts[key] = messages[key];
  return texts;
}
