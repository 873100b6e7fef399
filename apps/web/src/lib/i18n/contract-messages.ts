import { messageCatalogs } from '@pressroom/contract';
import { i18n } from './index.ts';
import { languages } from './languages.ts';

/**
 * The contract's messages (validation keys and server messages) under `messages.`, in every language.
 * Imported by the form components only: the shell never shows one, so Home does not download them.
 */
for (const language of languages) {
  i18n.addResourceBundle(language, 'translation', { messages: messageCatalogs[language] }, true, false);
}

/** Translates a message key from the contract (zod issues, server keys); other text passes through. */
export function translateMessage(message: string | undefined): string | undefined {
  if (!message) return message;
  const key = `messages.${message}`;
  return i18n.exists(key) ? i18n.t(key) : message;
}
