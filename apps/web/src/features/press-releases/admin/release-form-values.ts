import { type Language, type PressReleaseEdit, pressReleaseInputSchema } from '@pressroom/contract';
import { z } from 'zod';
import { fromLocalInput, today, toLocalInput } from '../format.ts';

/** The contract's release input, with the embargo as the local date-time the input field holds. */
export const editorSchema = pressReleaseInputSchema.extend({
  embargo_until: z
    .string()
    .refine((value) => value === '' || fromLocalInput(value) !== null, { error: 'fieldInvalid' }),
});

export type EditorInput = z.input<typeof editorSchema>;
export type EditorOutput = z.output<typeof editorSchema>;

export const serverFields = ['publication_date', 'groups', 'embargo_until', 'company_id'] as const;

export function formValues(
  release: PressReleaseEdit | null,
  language: Language,
  siteId: number | undefined,
): EditorInput {
  if (!release) {
    return {
      publication_date: today(),
      groups: siteId === undefined ? [] : [siteId],
      company_id: null,
      embargo_until: '',
      translations: [{ language, title: '', subtitle: '', body: '' }],
    };
  }
  return {
    publication_date: release.publication_date,
    groups: release.groups,
    company_id: release.company_id,
    embargo_until: toLocalInput(release.embargo_until),
    translations: release.translations.map((translation) => ({
      language: translation.language as Language,
      title: translation.title,
      subtitle: translation.subtitle,
      body: translation.body,
    })),
  };
}
